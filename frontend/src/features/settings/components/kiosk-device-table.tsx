import type { KioskDevice } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { useDateFormat } from '@/lib/use-date-format';
import { useNotify } from '@/lib/use-notify';
import { useRevokeKioskDevice } from '../api/revoke-kiosk-device';
import { RowButton } from '@/components/ui/row-actions';

interface KioskDeviceTableProps {
  devices: readonly KioskDevice[];
  /** Company names by id, for a SuperAdmin's list (kiosks of every company); null leaves the company out. */
  companyNames: ReadonlyMap<string, string> | null;
  mayRevoke: boolean;
}

/** A secondary fact on a line of its own under a cell's main value. */
function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <span className="text-base-content/70 block text-xs" data-testid={testId}>
      {label}: {value}
    </span>
  );
}

/** The registered kiosks: name, when registered and last seen, their last contact, clock offset and offline queue, active or revoked; revoking asks first. */
export function KioskDeviceTable({ devices, companyNames, mayRevoke }: KioskDeviceTableProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const notify = useNotify();
  const revoke = useRevokeKioskDevice();
  const [toRevoke, setToRevoke] = useState<KioskDevice | null>(null);

  const confirmRevoke = () => {
    if (!toRevoke) return;
    revoke.mutate(toRevoke.id, {
      onSuccess: () => notify.success(t('common.deleted')),
      onError: notify.failure,
      onSettled: () => setToRevoke(null),
    });
  };

  const offsetOf = (device: KioskDevice) =>
    device.clockOffsetMs === null
      ? t('settings.kiosks.unknown')
      : t('settings.kiosks.clockOffsetSeconds', { seconds: (device.clockOffsetMs / 1000).toFixed(1) });
  const queueOf = (device: KioskDevice) => (device.queueLength === null ? t('settings.kiosks.unknown') : String(device.queueLength));

  // Secondary facts go on further lines of a column, so the table fits beside the settings' contents in every language.
  const columns: DataTableColumn<KioskDevice>[] = [
    {
      key: 'name',
      header: t('settings.kiosks.name'),
      // Names are the admins' own text: a long one wraps rather than widening the table. A SuperAdmin's list
      // names each kiosk's company under it, not in a column of its own, which left no room at 1366 px.
      cellClassName: '[overflow-wrap:anywhere]',
      cell: (device) => (
        <>
          <span className="font-medium">{device.name}</span>
          {companyNames && <Detail label={t('organisation.fields.companyId')} value={companyNames.get(device.companyId) ?? ''} testId="kiosk-company" />}
          <Detail label={t('settings.kiosks.registeredAt')} value={format.dateTime(device.createdAt)} />
        </>
      ),
    },
    {
      key: 'lastContactAt',
      header: t('settings.kiosks.lastContactAt'),
      cell: (device) => (
        <>
          {device.lastContactAt ? format.dateTime(device.lastContactAt) : t('settings.kiosks.neverSeen')}
          <Detail
            label={t('settings.kiosks.lastSeenAt')}
            value={device.lastSeenAt ? format.dateTime(device.lastSeenAt) : t('settings.kiosks.neverSeen')}
            testId="kiosk-last-seen"
          />
          <Detail label={t('settings.kiosks.clockOffset')} value={offsetOf(device)} testId="kiosk-clock-offset" />
          <Detail label={t('settings.kiosks.queueLength')} value={queueOf(device)} testId="kiosk-queue-length" />
        </>
      ),
    },
    {
      key: 'status',
      header: t('settings.kiosks.status'),
      cell: (device) =>
        device.revokedAt ? (
          <span className="badge badge-ghost" title={format.dateTime(device.revokedAt)}>
            {t('settings.kiosks.statuses.revoked')}
          </span>
        ) : (
          <span className="badge badge-success">{t('settings.kiosks.statuses.active')}</span>
        ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('settings.kiosks.title')}
        testId="kiosk-devices-table"
        framed={false}
        rows={devices}
        rowKey={(device) => device.id}
        emptyText={t('settings.kiosks.empty')}
        columns={columns}
        actions={(device) =>
          mayRevoke && !device.revokedAt ? (
            <RowButton
              danger
              onClick={() => setToRevoke(device)}
              label={t('settings.kiosks.revoke')}
              name={t('settings.kiosks.revokeNamed', { name: device.name })}
            />
          ) : null
        }
      />
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
