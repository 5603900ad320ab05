import type { KioskDevice } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/states';
import { useNotify } from '@/lib/use-notify';
import { useRevokeKioskDevice } from '../api/revoke-kiosk-device';

interface KioskDeviceTableProps {
  devices: readonly KioskDevice[];
  /** Company names by id, for a SuperAdmin's list (kiosks of every company); null hides the column. */
  companyNames: ReadonlyMap<string, string> | null;
  mayRevoke: boolean;
}

function formatInstant(instant: string, language: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The registered kiosks: name, when registered and last seen, active or revoked; revoking asks first. */
export function KioskDeviceTable({ devices, companyNames, mayRevoke }: KioskDeviceTableProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const revoke = useRevokeKioskDevice();
  const [toRevoke, setToRevoke] = useState<KioskDevice | null>(null);

  if (devices.length === 0) return <EmptyState text={t('settings.kiosks.empty')} />;

  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => notify.success(t('common.deleted')),
      onError: notify.failure,
      onSettled: () => setToRevoke(null),
    });
  };

  return (
    <>
      <div className="overflow-x-auto">
        <table className="table" data-testid="kiosk-devices-table">
          <thead>
            <tr>
              <th scope="col">{t('settings.kiosks.name')}</th>
              {companyNames ? <th scope="col">{t('organisation.fields.companyId')}</th> : null}
              <th scope="col">{t('settings.kiosks.registeredAt')}</th>
              <th scope="col">{t('settings.kiosks.lastSeenAt')}</th>
              <th scope="col">{t('settings.kiosks.status')}</th>
              <th scope="col">
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.id}>
                <td className="font-medium">{device.name}</td>
                {companyNames ? <td>{companyNames.get(device.companyId) ?? ''}</td> : null}
                <td>{formatInstant(device.createdAt, i18n.language)}</td>
                <td>{device.lastSeenAt ? formatInstant(device.lastSeenAt, i18n.language) : t('settings.kiosks.neverSeen')}</td>
                <td>
                  {device.revokedAt ? (
                    <span className="badge badge-ghost" title={formatInstant(device.revokedAt, i18n.language)}>
                      {t('settings.kiosks.statuses.revoked')}
                    </span>
                  ) : (
                    <span className="badge badge-success">{t('settings.kiosks.statuses.active')}</span>
                  )}
                </td>
                <td className="text-end">
                  {mayRevoke && !device.revokedAt ? (
                    <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setToRevoke(device)} aria-label={t('settings.kiosks.revokeNamed', { name: device.name })}>
                      {t('settings.kiosks.revoke')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={toRevoke !== null}
        title={t('settings.kiosks.revokeTitle', { name: toRevoke?.name ?? '' })}
        confirmLabel={t('settings.kiosks.revoke')}
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
        onCancel={() => setToRevoke(null)}
      />
    </>
  );
}
