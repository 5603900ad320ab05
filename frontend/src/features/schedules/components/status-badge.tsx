import type { ScheduleStatus } from '@ams/contracts';
import { useTranslation } from 'react-i18next';

const tones: Record<ScheduleStatus, string> = { current: 'badge-success', upcoming: 'badge-info', previous: 'badge-neutral' };

export function ScheduleStatusBadge({ status }: { status: ScheduleStatus }) {
  const { t } = useTranslation();
  return <span className={`badge badge-soft ${tones[status]}`}>{t(`schedules.statuses.${status}`)}</span>;
}
