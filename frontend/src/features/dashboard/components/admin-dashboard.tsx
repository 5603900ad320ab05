import type { AdminDashboard as Dashboard } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DataTable } from '@/components/ui/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { QueryState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { AttendanceBars } from './attendance-bars';

type Presence = Dashboard['presence'];
const presenceGroups = [
  { key: 'working', label: 'dashboard.working' },
  { key: 'onBreak', label: 'dashboard.onBreak' },
  { key: 'gone', label: 'dashboard.gone' },
  { key: 'absent', label: 'dashboard.absent' },
] as const satisfies readonly { key: keyof Presence; label: string }[];

const stateLabels = { working: 'dashboard.working', 'on-break': 'dashboard.onBreak', 'back-from-break': 'dashboard.working', left: 'dashboard.gone' } as const;

/** Spec §2 /dashboard: the organisation now (live), its people, today's late arrivals, recent days, leave waiting and the last 30 days. */
export function AdminDashboard() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const user = useAtomValue(currentUserAtom);
  const dashboard = useAdminDashboard({ enabled: user !== null });
  const data = dashboard.data;
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={t('nav.dashboard')} />
      <p className="text-lg" data-testid="welcome">
        {t('dashboard.welcome', { name: user?.name ?? '' })}
      </p>
      <QueryState query={dashboard} />
      {data ? (
        <>
          <p className="text-base-content/70 text-sm" data-testid="dashboard-as-of">
            {t('dashboard.asOf', { time: format.dateTime(data.asOf) })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" data-testid="employee-counts">
            <Stat label={t('dashboard.activeEmployees')} value={data.employees.active} testId="count-active" />
            <Stat label={t('dashboard.archivedEmployees')} value={data.employees.archived} testId="count-archived" />
            <Stat label={t('dashboard.lateToday')} value={data.lateToday.count} testId="count-late" />
            <Stat label={t('dashboard.pendingLeaves')} value={data.pendingLeaves.length} testId="count-pending" />
          </div>
          <Panel title={t('dashboard.rightNow')} testId="presence">
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-live="polite">
              {presenceGroups.map((group) => (
                <div key={group.key} className="flex min-w-0 flex-col gap-2" data-testid={`presence-${group.key}`}>
                  <h3 className="flex items-baseline justify-between gap-2 font-semibold">
                    <span>{t(group.label)}</span>
                    <span className="text-2xl" data-testid={`presence-${group.key}-count`}>
                      {data.presence[group.key].count}
                    </span>
                  </h3>
                  <ul className="text-sm">
                    {data.presence[group.key].items.slice(0, 8).map((entry) => (
                      <li key={entry.employeeId} className="flex flex-wrap justify-between gap-x-2 break-words">
                        <span className="min-w-0">{entry.employeeName}</span>
                        <span className="text-base-content/70">{entry.since ? format.time(entry.since) : ''}</span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          </Panel>
          <Panel title={t('dashboard.last30Days')} testId="attendance-chart">
            <AttendanceBars series={data.series} />
          </Panel>
          <div className="grid gap-6 xl:grid-cols-2">
            <Panel title={t('dashboard.lateToday')} testId="late-today">
              <DataTable
                label={t('dashboard.lateToday')}
                size="sm"
                framed={false}
                rows={data.lateToday.items}
                rowKey={(row) => row.employeeId}
                emptyText={t('dashboard.nobody')}
                columns={[
                  { key: 'name', header: t('dashboard.employee'), cell: (row) => row.employeeName },
                  { key: 'in', header: t('dashboard.timeIn'), cell: (row) => format.time(row.timeIn) },
                  { key: 'late', header: t('dashboard.minutesLate'), cell: (row) => row.lateMinutes },
                ]}
              />
            </Panel>
            <Panel title={t('dashboard.pendingLeaves')} testId="pending-leaves">
              <DataTable
                label={t('dashboard.pendingLeaves')}
                size="sm"
                framed={false}
                rows={data.pendingLeaves}
                rowKey={(row) => row.leaveId}
                emptyText={t('dashboard.noPendingLeaves')}
                columns={[
                  { key: 'name', header: t('dashboard.employee'), cell: (row) => row.employeeName },
                  { key: 'type', header: t('dashboard.leaveType'), cell: (row) => row.leaveTypeName ?? '' },
                  { key: 'dates', header: t('dashboard.dates'), cell: (row) => `${format.date(row.from)} – ${format.date(row.to)}` },
                  { key: 'days', header: t('dashboard.days'), cell: (row) => row.workingDays },
                ]}
                actions={(row) => (
                  <Link to={hrefOf(paths.leaveEdit, { id: row.leaveId })} className="btn btn-ghost btn-sm" aria-label={t('dashboard.reviewNamed', { name: row.employeeName })}>
                    {t('dashboard.review')}
                  </Link>
                )}
              />
            </Panel>
            <Panel title={t('dashboard.recentAttendances')} testId="recent-attendances">
              <DataTable
                label={t('dashboard.recentAttendances')}
                size="sm"
                framed={false}
                rows={data.recentAttendances}
                rowKey={(row) => row.workDayId}
                emptyText={t('dashboard.nobody')}
                columns={[
                  { key: 'name', header: t('dashboard.employee'), cell: (row) => row.employeeName },
                  { key: 'date', header: t('dashboard.date'), cell: (row) => format.date(row.workDate) },
                  { key: 'in', header: t('dashboard.timeIn'), cell: (row) => format.time(row.timeIn) },
                  { key: 'out', header: t('dashboard.timeOut'), cell: (row) => format.time(row.timeOut) },
                  { key: 'state', header: t('dashboard.state'), cell: (row) => t(stateLabels[row.state]) },
                ]}
              />
            </Panel>
            <Panel title={t('dashboard.newestEmployees')} testId="newest-employees">
              <DataTable
                label={t('dashboard.newestEmployees')}
                size="sm"
                framed={false}
                rows={data.newestEmployees}
                rowKey={(row) => row.employeeId}
                emptyText={t('dashboard.nobody')}
                columns={[
                  { key: 'name', header: t('dashboard.employee'), cell: (row) => row.employeeName },
                  { key: 'department', header: t('common.department'), cell: (row) => row.departmentName ?? '' },
                  { key: 'jobTitle', header: t('dashboard.jobTitle'), cell: (row) => row.jobTitleName ?? '' },
                  { key: 'created', header: t('dashboard.added'), cell: (row) => format.date(row.createdAt.slice(0, 10)) },
                ]}
              />
            </Panel>
          </div>
          <div className="grid gap-6 xl:grid-cols-2">
            <Panel title={t('dashboard.perCompany')} testId="per-company">
              <DataTable
                label={t('dashboard.perCompany')}
                size="sm"
                framed={false}
                rows={data.employees.byCompany}
                rowKey={(row) => row.companyId}
                emptyText={t('dashboard.nobody')}
                columns={[
                  { key: 'name', header: t('common.company'), cell: (row) => row.companyName ?? '' },
                  { key: 'active', header: t('dashboard.active'), cell: (row) => row.active },
                  { key: 'archived', header: t('dashboard.archived'), cell: (row) => row.archived },
                ]}
              />
            </Panel>
            <Panel title={t('dashboard.perDepartment')} testId="per-department">
              <DataTable
                label={t('dashboard.perDepartment')}
                size="sm"
                framed={false}
                rows={data.employees.byDepartment}
                rowKey={(row) => row.departmentId}
                emptyText={t('dashboard.nobody')}
                columns={[
                  { key: 'name', header: t('common.department'), cell: (row) => row.departmentName ?? '' },
                  { key: 'active', header: t('dashboard.active'), cell: (row) => row.active },
                  { key: 'archived', header: t('dashboard.archived'), cell: (row) => row.archived },
                ]}
              />
            </Panel>
          </div>
        </>
      ) : null}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="bg-base-100 rounded-box flex flex-col gap-1 p-5">
      <span className="text-base-content/70 text-sm">{label}</span>
      <span className="text-3xl font-semibold" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="bg-base-100 rounded-box min-w-0 p-5" data-testid={testId} aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}
