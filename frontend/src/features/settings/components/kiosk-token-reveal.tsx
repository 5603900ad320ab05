import { useAtom } from 'jotai';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { useNotify } from '@/lib/use-notify';
import type { RegisteredKiosk } from '../api/register-kiosk-device';

/**
 * A new kiosk's token, the only time it is shown (the server keeps only its hash): copy it, or make this
 * browser the kiosk (the clock then sends the token on every call).
 */
export function KioskTokenReveal({ registered, onDismiss }: { registered: RegisteredKiosk; onDismiss: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [storedToken, setStoredToken] = useAtom(kioskTokenAtom);
  const tokenInput = useRef<HTMLInputElement>(null);
  const { device, token } = registered;
  const thisBrowser = storedToken === token;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
      notify.success(t('settings.kiosks.copied'));
    } catch {
      // No clipboard outside a secure context: the token is selected for copying by hand.
      tokenInput.current?.select();
      notify.failure(new Error(t('settings.kiosks.copyByHand')));
    }
  };
  const makeThisBrowserTheKiosk = () => {
    setStoredToken(token);
    notify.success(t('settings.kiosks.thisBrowserSet', { name: device.name }));
  };

  return (
    <div className="border-info bg-info/10 rounded-box flex flex-col gap-2 border p-4" data-testid="kiosk-token-reveal">
      <h3 className="font-semibold">{t('settings.kiosks.tokenTitle', { name: device.name })}</h3>
      <p className="text-sm">{t('settings.kiosks.tokenOnce')}</p>
      <FormField label={t('settings.kiosks.token')}>
        {(control) => (
          <input
            {...control}
            ref={tokenInput}
            readOnly
            autoFocus
            className="input w-full font-mono"
            value={token}
            onFocus={(event) => event.target.select()}
            data-testid="kiosk-token"
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm" onClick={() => void copy()}>
          {t('settings.kiosks.copy')}
        </button>
        <button type="button" className="btn btn-sm btn-primary" disabled={thisBrowser} onClick={makeThisBrowserTheKiosk}>
          {t('settings.kiosks.useThisBrowser')}
        </button>
        {thisBrowser ? (
          <Link to={paths.clock} className="btn btn-sm btn-outline">
            {t('settings.kiosks.openClock')}
          </Link>
        ) : null}
        <button type="button" className="btn btn-sm btn-ghost" onClick={onDismiss}>
          {t('settings.kiosks.hideToken')}
        </button>
      </div>
    </div>
  );
}
