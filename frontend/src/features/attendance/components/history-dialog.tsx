import type { Attendance } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { useDateFormat } from '@/lib/use-date-format';
import { actorIdsOf, actorLabel, type ActorText } from '../actor-label';
import { useActors } from '../api/get-actors';
import { useAttendanceHistory } from '../api/get-attendance-history';
import { punchMethodOf } from '../punch-method';
import { QueryTable } from '@/components/ui/query-table';

type EventKey = 'ClockedIn' | 'BreakStarted' | 'BreakEnded' | 'ClockedOut' | 'AttendanceRecorded' | 'AttendanceAmended' | 'AttendanceDeleted';
const eventKeys: readonly string[] = [
  'ClockedIn',
  'BreakStarted',
  'BreakEnded',
  'ClockedOut',
  'AttendanceRecorded',
  'AttendanceAmended',
  'AttendanceDeleted',
] satisfies EventKey[];

/** Every event of a work day: what, when (and when it was recorded), how (face, PIN, card, admin; offline when a kiosk replayed it), who and why. */
export function HistoryDialog({ day, onClose }: { day: Attendance | null; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useDateFormat(day?.companyId);
  const ref = useModalDialog(day !== null);
  const history = useAttendanceHistory(day?.id ?? '', day !== null);
  const items = history.data?.items ?? [];
  const actorOf = useActors(actorIdsOf(items));
  const eventName = (type: string) => (eventKeys.includes(type) ? t(`attendance.events.${type as EventKey}`) : type);
  const actorText = (text: ActorText) => {
    switch (text.key) {
      case 'actorIdTitle':
        return t('attendance.actorIdTitle', { id: text.id });
      case 'actorLoading':
        return t('common.loading');
      default:
        return t(`attendance.${text.key}`);
    }
  };
  const byCell = (event: (typeof items)[number]) => {
    const label = actorLabel(event, actorOf, actorText);
    if (label.pending) {
      return (
        <span title={label.title}>
          <span className="loading loading-dots loading-xs" aria-hidden="true" />
          <span className="sr-only">{label.text}</span>
        </span>
      );
    }
    return <span title={label.title}>{label.text}</span>;
  };
  return (
    <dialog ref={ref} className="modal" aria-labelledby="history-title" onCancel={onClose} onClose={onClose}>
      <div className="modal-box max-w-3xl">
        <h3 id="history-title" className="text-lg font-bold">
          {day ? t('attendance.historyTitle', { name: day.employeeName, date: format.date(day.workDate) }) : null}
        </h3>
        {day ? (
          <div className="py-4">
            <QueryTable
              query={history}
              label={t('attendance.history')}
              testId="history-table"
              size="sm"
              framed={false}
              rowKey={(event, index) => `${event.recordedAt}-${index}`}
              emptyText={t('attendance.noHistory')}
              columns={[
                { key: 'event', header: t('attendance.event'), cellClassName: 'whitespace-nowrap', cell: (event) => eventName(event.type) },
                { key: 'at', header: t('attendance.at'), cellClassName: 'whitespace-nowrap', cell: (event) => format.dateTime(event.at) },
                {
                  key: 'method',
                  header: t('attendance.method'),
                  cell: (event) => {
                    const how = punchMethodOf(event);
                    if (!how) return '';
                    return how.offline ? t('attendance.offlinePunch', { method: t(how.methodKey) }) : t(how.methodKey);
                  },
                },
                { key: 'actor', header: t('attendance.actor'), cell: byCell },
                { key: 'reason', header: t('attendance.fields.reason'), cell: (event) => event.reason ?? '' },
                {
                  key: 'recordedAt',
                  header: t('attendance.recordedAt'),
                  cellClassName: 'text-base-content/70 whitespace-nowrap text-xs',
                  cell: (event) => format.dateTime(event.recordedAt),
                },
              ]}
            />
          </div>
        ) : null}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onClose} autoFocus>
            {t('common.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
