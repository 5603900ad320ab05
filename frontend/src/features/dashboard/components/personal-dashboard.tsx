import type { PersonalDashboard as Dashboard, Weekday } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { DashboardFrame, Panel } from './dashboard-parts';
import { usePersonalDashboard } from '../api/get-personal-dashboard';

type Hours = Dashboard['week'];

/** Spec §2 /personal/dashboard: my day, my hours this week and month, my schedule, my leave requests and my previous days. */
export function PersonalDashboard() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const user = useAtomValue(currentUserAtom);
  const dashboard = usePersonalDashboard({ enabled: user !== null });
  const data = dashboard.data;
  return (
    <DashboardFrame query={dashboard}>
      {data && data.employeeId === null ? <EmptyState text={t('myDashboard.noEmployee')} /> : null}
      {data && data.employeeId !== null ? (
        <>
          <div className="grid gap-6 lg:grid-cols-3">
            <Panel title={t('myDashboard.today')} testId="my-today">
              {data.today ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                  <dt className="text-base-content/70">{t('myDashboard.date')}</dt>
                  <dd>{format.date(data.today.workDate)}</dd>
                  <dt className="text-base-content/70">{t('myDashboard.status')}</dt>
                  <dd className="font-semibold" data-testid="my-today-status">
                    {t(`myDashboard.statuses.${data.today.status}`)}
                  </dd>
                  <dt className="text-base-content/70">{t('myDashboard.shift')}</dt>
                  <dd>{data.today.shiftStart ? `${format.time(data.today.shiftStart)} – ${format.time(data.today.shiftEnd)}` : '—'}</dd>
                  <dt className="text-base-content/70">{t('myDashboard.timeIn')}</dt>
                  <dd>{format.time(data.today.timeIn) || '—'}</dd>
                  <dt className="text-base-content/70">{t('myDashboard.timeOut')}</dt>
                  <dd>{format.time(data.today.timeOut) || '—'}</dd>
                </dl>
              ) : (
                <EmptyState text={t('myDashboard.noToday')} />
              )}
            </Panel>
            <Panel title={t('myDashboard.thisWeek')} testId="my-week">
              <HoursList hours={data.week} />
            </Panel>
            <Panel title={t('myDashboard.thisMonth')} testId="my-month">
              <HoursList hours={data.month} />
            </Panel>
          </div>
          <Panel title={t('myDashboard.schedule')} testId="my-schedule">
            {data.schedule ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
                <dt className="text-base-content/70">{t('myDashboard.shift')}</dt>
                <dd data-testid="my-shift">
                  {format.wallTime(data.schedule.startTime)} – {format.wallTime(data.schedule.offTime)} (
                  {t('myDashboard.hours', { hours: data.schedule.totalHours })})
                </dd>
                <dt className="text-base-content/70">{t('myDashboard.restDays')}</dt>
                <dd data-testid="my-rest-days">
                  {data.schedule.restDays.length === 0
                    ? t('myDashboard.noRestDays')
                    : data.schedule.restDays.map((day) => format.weekday(day as Weekday)).join(', ')}
                </dd>
                <dt className="text-base-content/70">{t('myDashboard.period')}</dt>
                <dd>
                  {data.schedule.toDate
                    ? `${format.date(data.schedule.fromDate)} – ${format.date(data.schedule.toDate)}`
                    : t('myDashboard.since', { date: format.date(data.schedule.fromDate) })}
                </dd>
              </dl>
            ) : (
              <EmptyState text={t('myDashboard.noSchedule')} />
            )}
          </Panel>
          <Panel title={t('myDashboard.leaves')} testId="my-leaves">
            <DataTable
              label={t('myDashboard.leaves')}
              size="sm"
              framed={false}
              rows={data.leaves}
              rowKey={(row) => row.leaveId}
              emptyText={t('myDashboard.noLeaves')}
              columns={[
                { key: 'type', header: t('myDashboard.leaveType'), cell: (row) => row.leaveTypeName ?? '' },
                { key: 'dates', header: t('myDashboard.dates'), cell: (row) => `${format.date(row.from)} – ${format.date(row.to)}` },
                { key: 'days', header: t('myDashboard.workingDays'), cell: (row) => row.workingDays },
                { key: 'status', header: t('myDashboard.status'), cell: (row) => t(`myDashboard.leaveStatuses.${row.status}`) },
              ]}
            />
          </Panel>
          <Panel title={t('myDashboard.previous')} testId="my-previous">
            <DataTable
              label={t('myDashboard.previous')}
              size="sm"
              framed={false}
              rows={data.previousAttendances}
              rowKey={(row) => row.workDate}
              emptyText={t('myDashboard.noPrevious')}
              columns={[
                { key: 'date', header: t('myDashboard.date'), cell: (row) => format.date(row.workDate) },
                { key: 'mark', header: t('myDashboard.status'), cell: (row) => t(`myDashboard.marks.${row.mark}`) },
                { key: 'in', header: t('myDashboard.timeIn'), cell: (row) => format.time(row.timeIn) },
                { key: 'out', header: t('myDashboard.timeOut'), cell: (row) => format.time(row.timeOut) },
                { key: 'worked', header: t('myDashboard.worked'), cell: (row) => row.workedHours.toFixed(2) },
                { key: 'late', header: t('myDashboard.lateMinutes'), cell: (row) => row.lateMinutes },
              ]}
            />
          </Panel>
        </>
      ) : null}
    </DashboardFrame>
  );
}

function HoursList({ hours }: { hours: Hours }) {
  const { t } = useTranslation();
  const rows: [string, string, string][] = [
    ['worked', t('myDashboard.worked'), hours.workedHours.toFixed(2)],
    ['overtime', t('myDashboard.overtime'), hours.overtimeHours.toFixed(2)],
    ['days', t('myDashboard.daysWorked'), String(hours.daysWorked)],
    ['absences', t('myDashboard.absences'), String(hours.absences)],
    ['leave', t('myDashboard.leaveDays'), String(hours.leaveDays)],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
      {rows.map(([key, label, value]) => (
        <div key={key} className="contents">
          <dt className="text-base-content/70">{label}</dt>
          <dd className="text-end font-semibold" data-testid={`hours-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
