import type { Schedule } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { QueryState } from '@/components/ui/states';
import { translateKey } from '@/lib/i18n';
import type { DateFormat } from '@/lib/date-format';
import { useDateFormat } from '@/lib/use-date-format';
import { useMySchedules } from '../api/get-my-schedules';
import { nextDays } from '../schedule-values';
import { scheduleColumns } from './schedule-columns';
import { ShiftLabel } from './shift-label';

/** Spec §2 /personal/schedule: my next 7 days' shifts, then my current, upcoming and previous schedules. */
export function MySchedule() {
  const { t } = useTranslation();
  const mine = useMySchedules();
  const format = useDateFormat(mine.data?.current?.companyId ?? mine.data?.upcoming[0]?.companyId);
  if (!mine.data) return <QueryState query={mine} />;
  const { current, upcoming, previous } = mine.data;
  const schedules = [...(current ? [current] : []), ...upcoming, ...previous];
  const week = nextDays(schedules, format.today());

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="next-days-title" className="bg-base-100 rounded-box p-4">
        <h2 id="next-days-title" className="mb-2 text-lg font-semibold">
          {t('schedules.nextDays')}
        </h2>
        <ul className="divide-base-300 divide-y" data-testid="next-days">
          {week.map((day) => (
            <li key={day.date} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium">{format.weekday(day.weekday, 'long')}</span> {format.date(day.date)}
              </span>
              {day.shift === 'rest' ? (
                <span className="badge badge-soft badge-neutral">{t('schedules.restDay')}</span>
              ) : day.shift === null ? (
                <span className="text-base-content/80">{t('schedules.noShift')}</span>
              ) : (
                <ShiftLabel {...day.shift} format={format} />
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="my-schedules-title">
        <h2 id="my-schedules-title" className="mb-2 text-lg font-semibold">
          {t('schedules.mySchedules')}
        </h2>
        <ScheduleTable schedules={schedules} format={format} />
      </section>
    </div>
  );
}

function ScheduleTable({ schedules, format }: { schedules: Schedule[]; format: DateFormat }) {
  const { t } = useTranslation();
  return (
    <DataTable
      label={t('schedules.mySchedules')}
      testId="my-schedules"
      rows={schedules}
      rowKey={(schedule) => schedule.id}
      emptyText={translateKey('noScheduleFound')}
      columns={scheduleColumns(t, format)}
    />
  );
}
