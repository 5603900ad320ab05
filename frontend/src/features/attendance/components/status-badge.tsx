import type { Attendance } from '@ams/contracts';
import { useTranslation } from 'react-i18next';

export type StatusBadgeKind = 'lateArrival' | 'earlyDeparture' | 'onTime' | 'open';

const badgeClasses: Record<StatusBadgeKind, string> = {
  lateArrival: 'badge-soft badge-warning',
  earlyDeparture: 'badge-soft badge-error',
  onTime: 'badge-soft badge-success',
  open: 'badge-ghost',
};

/**
 * Spec §3: what the day's two statuses say, shortest first: 'Late arrival' and 'Early departure' each when so
 * (a day can be both), 'Open' until the time out, 'On time' only when arrival and departure both were.
 */
export function statusBadgesOf(day: Pick<Attendance, 'arrivalStatus' | 'departureStatus' | 'timeOut'>): StatusBadgeKind[] {
  const badges: StatusBadgeKind[] = [];
  if (day.arrivalStatus === 'late arrival') badges.push('lateArrival');
  if (day.timeOut === null) badges.push('open');
  else if (day.departureStatus === 'early departure') badges.push('earlyDeparture');
  if (badges.length === 0 && day.arrivalStatus === 'on time') badges.push('onTime');
  return badges;
}

export function StatusBadges({ day }: { day: Pick<Attendance, 'arrivalStatus' | 'departureStatus' | 'timeOut'> }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {statusBadgesOf(day).map((badge) => (
        <span key={badge} className={`badge whitespace-nowrap ${badgeClasses[badge]}`} data-status={badge}>
          {t(`attendance.statuses.${badge}`)}
        </span>
      ))}
    </span>
  );
}
