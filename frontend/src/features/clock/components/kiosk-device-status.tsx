import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { translateProblem } from '@/lib/i18n';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { useKioskDevice } from '../api/get-kiosk-device';

/**
 * Which registered kiosk this is, when the browser holds a kiosk token: its name, discreetly, or (token unknown
 * or revoked) the server's message with a way to forget the token. Nothing on a kiosk without a token.
 */
export function KioskDeviceStatus() {
  const { t } = useTranslation();
  const [token, setToken] = useAtom(kioskTokenAtom);
  const device = useKioskDevice(token);
  if (token === '') return null;
  // Checked before the data: a kiosk revoked since the last answer still has that answer cached.
  if (device.error instanceof ApiError && device.error.status === 401) {
    return (
      <div role="alert" className="alert alert-warning alert-soft flex flex-wrap justify-center" data-testid="kiosk-not-registered">
        <span>{translateProblem(device.error)}</span>
        <button type="button" className="btn btn-sm" onClick={() => setToken('')}>
          {t('clock.forgetKiosk')}
        </button>
      </div>
    );
  }
  if (!device.data) return null;
  return (
    <p className="text-base-content/70 text-sm" data-testid="kiosk-device">
      {t('clock.kioskNamed', { name: device.data.name })}
    </p>
  );
}
