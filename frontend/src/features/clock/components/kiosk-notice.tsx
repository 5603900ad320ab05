import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useKioskNotice } from '../api/get-kiosk-notice';

/** Safeguarding: what the kiosk's camera captures and why, in the kiosk's language, beside the camera. */
export function KioskNotice() {
  const { t, i18n } = useTranslation();
  const notice = useKioskNotice();
  const id = useId();
  if (!notice.data) return null;
  const text = i18n.language.startsWith('es') ? notice.data.kioskNotice.es : notice.data.kioskNotice.en;
  return (
    <aside className="bg-base-100 rounded-box w-full max-w-md p-4 text-start text-sm shadow" aria-labelledby={id} data-testid="kiosk-notice">
      <h2 id={id} className="mb-1 font-semibold">
        {t('safeguarding.noticeTitle')}
      </h2>
      <p className="text-base-content/80 whitespace-pre-line">{text}</p>
    </aside>
  );
}
