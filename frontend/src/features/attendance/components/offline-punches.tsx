import type { OfflinePunchIssue } from '@ams/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { translateKey } from '@/lib/i18n';
import { useDateFormat } from '@/lib/use-date-format';
import { useOpenOfflinePunches } from '../api/offline-punches';
import { AttendanceForm } from './attendance-form';
import { RowButton } from '@/components/ui/row-actions';

const PAGE_SIZE = 20;

const actionLabels = { 'check-in': 'clock.checkIn', 'break-in': 'clock.breakIn', 'break-out': 'clock.breakOut', 'check-out': 'clock.checkOut' } as const;

/**
 * Offline punches needing attention: what kiosks took without a connection and the server refused on replay
 * (a wrong PIN, a refusal of the clock flow, too old…), with the reason. The admin records the day by hand with
 * a reason (the day form, started from the punch), which settles the item. Paged, so a flood of refused items
 * never hides an older one; nothing shows while none waits.
 */
export function OfflinePunches() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const [page, setPage] = useState(1);
  const punches = useOpenOfflinePunches({ page, pageSize: PAGE_SIZE });
  const [recording, setRecording] = useState<OfflinePunchIssue | null>(null);
  const items = punches.data?.items ?? [];
  const total = punches.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Settling the last items of the last page leaves it empty: show the page that is now last (adjusted while rendering).
  if (punches.data && page > lastPage) setPage(lastPage);
  if (total === 0) return null;

  const columns: DataTableColumn<OfflinePunchIssue>[] = [
    { key: 'punchedAt', header: t('attendance.offlinePunches.punchedAt'), cell: (punch) => format.dateTime(punch.punchedAt) },
    { key: 'kiosk', header: t('attendance.offlinePunches.kiosk'), cell: (punch) => punch.deviceName },
    { key: 'person', header: t('attendance.offlinePunches.person'), cell: (punch) => punch.employeeName ?? t('attendance.offlinePunches.unknownPerson') },
    { key: 'action', header: t('attendance.offlinePunches.action'), cell: (punch) => (punch.action ? t(actionLabels[punch.action]) : '') },
    { key: 'reason', header: t('attendance.offlinePunches.reason'), cell: (punch) => translateKey(punch.reason.messageKey, punch.reason.params) },
  ];

  return (
    <section className="mb-6 flex flex-col gap-3" aria-labelledby="offline-punches-title" data-testid="offline-punches">
      <h2 id="offline-punches-title" className="text-lg font-semibold">
        {t('attendance.offlinePunches.title')}
      </h2>
      <p className="text-base-content/80 text-sm">{t('attendance.offlinePunches.hint')}</p>
      <DataTable
        label={t('attendance.offlinePunches.title')}
        testId="offline-punches-table"
        rows={items}
        rowKey={(punch) => punch.id}
        emptyText=""
        columns={columns}
        actions={(punch) => (
          <RowButton
            onClick={() => setRecording(punch)}
            label={t('attendance.offlinePunches.record')}
            name={t('attendance.offlinePunches.recordOf', { time: format.dateTime(punch.punchedAt) })}
          />
        )}
      />
      <Pagination page={page} total={total} pageSize={PAGE_SIZE} onPage={setPage} />
      {recording ? (
        <div className="flex flex-col gap-2" data-testid="offline-punch-record">
          <h3 className="font-semibold">{t('attendance.offlinePunches.recordTitle', { time: format.dateTime(recording.punchedAt) })}</h3>
          <AttendanceForm offlinePunch={recording} />
        </div>
      ) : null}
    </section>
  );
}
