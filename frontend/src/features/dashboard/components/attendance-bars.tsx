import type { AdminDashboard } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '@/lib/use-date-format';

type Day = AdminDashboard['series'][number];

const segments = [
  { key: 'present', className: 'bg-success', label: 'dashboard.present' },
  { key: 'leave', className: 'bg-info', label: 'dashboard.onLeave' },
  { key: 'absent', className: 'bg-error', label: 'dashboard.absent' },
] as const;

/**
 * The last 30 days as stacked CSS columns (present, on leave, absent): no chart library on the first load.
 * Each day's figures are also its text, read out in place of the drawing.
 */
export function AttendanceBars({ series }: { series: readonly Day[] }) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const highest = Math.max(1, ...series.map((day) => day.present + day.leave + day.absent));
  const first = series[0];
  const last = series.at(-1);
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-4 text-sm" aria-hidden="true">
        {segments.map((segment) => (
          <li key={segment.key} className="flex items-center gap-2">
            <span className={`inline-block size-3 rounded-sm ${segment.className}`} />
            {t(segment.label)}
          </li>
        ))}
      </ul>
      <ol className="flex h-40 items-end gap-px sm:gap-1" data-testid="attendance-bars">
        {series.map((day) => {
          const summary = t('dashboard.daySummary', {
            date: format.date(day.date),
            present: day.present,
            absent: day.absent,
            leave: day.leave,
            late: day.late,
          });
          return (
            <li key={day.date} className="flex h-full min-w-0 flex-1 flex-col-reverse" title={summary} data-date={day.date}>
              <span className="sr-only">{summary}</span>
              {segments.map((segment) => (
                <span
                  key={segment.key}
                  aria-hidden="true"
                  className={`block w-full ${segment.className}`}
                  style={{ height: `${(day[segment.key] / highest) * 100}%` }}
                />
              ))}
            </li>
          );
        })}
      </ol>
      <div className="text-base-content/70 flex justify-between text-xs" aria-hidden="true">
        <span>{first ? format.date(first.date) : ''}</span>
        <span>{last ? format.date(last.date) : ''}</span>
      </div>
    </div>
  );
}
