import type { AttendanceStatus } from '@ams/contracts';
import { useTranslation } from 'react-i18next';

export const statusKeys: Record<AttendanceStatus, 'lateArrival' | 'onTime' | 'earlyDeparture'> = {
  'late arrival': 'lateArrival',
  'on time': 'onTime',
  'early departure': 'earlyDeparture',
};

const statusClasses: Record<AttendanceStatus, string> = {
  'late arrival': 'badge-warning',
  'on time': 'badge-success',
  'early departure': 'badge-error',
};

/** Spec §3: late arrival, on time or early departure; a day still open has none yet. */
export function StatusBadge({ status }: { status: AttendanceStatus | null }) {
  const { t } = useTranslation();
  if (status === null) return <span className="badge badge-ghost whitespace-nowrap">{t('attendance.statuses.open')}</span>;
  return <span className={`badge badge-soft whitespace-nowrap ${statusClasses[status]}`}>{t(`attendance.statuses.${statusKeys[status]}`)}</span>;
}
