import type { Weekday } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '@/lib/date-format';

/** Rest days by their short names, or 'None'. */
export function RestDays({ days, format }: { days: readonly Weekday[]; format: DateFormat }) {
  const { t } = useTranslation();
  return <span>{days.length === 0 ? t('schedules.noRestDays') : days.map((day) => format.weekday(day, 'short')).join(', ')}</span>;
}
