import type { AdminDashboard as Dashboard } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '@/components/ui/states';
import { hrefOf, paths } from '@/config/paths';
import { currentUserAtom } from '@/lib/session';
import { useDateFormat } from '@/lib/use-date-format';
import { DashboardFrame, Panel } from './dashboard-parts';
import { useAdminDashboard } from '../api/get-admin-dashboard';
import { AttendanceBars } from './attendance-bars';

type Presence = Dashboard['presence'];
const presenceGroups = [
  { key: 'working', label: 'dashboard.working' },
  { key: 'onBreak', label: 'dashboard.onBreak' },
  { key: 'gone', label: 'dashboard.gone' },
  { key: 'notIn', label: 'dashboard.notIn' },
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
    <DashboardFrame query={dashboard}>
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
              <EntryList
                items={data.lateToday.items}
                empty={t('dashboard.nobody')}
                entry={(row) => ({
                  key: row.employeeId,
                  main: row.employeeName,
                  detail: `${format.time(row.timeIn)} · ${t('dashboard.minutesLateCount', { count: row.lateMinutes })}`,
                })}
              />
            </Panel>
            <Panel title={t('dashboard.pendingLeaves')} testId="pending-leaves">
              <EntryList
                items={data.pendingLeaves}
                empty={t('dashboard.noPendingLeaves')}
                entry={(row) => ({
                  key: row.leaveId,
                  main: (
                    <Link
                      to={hrefOf(paths.leaveEdit, { id: row.leaveId })}
                      className="link"
                      aria-label={t('dashboard.reviewNamed', { name: row.employeeName })}
                    >
                      {row.employeeName}
                    </Link>
                  ),
                  detail: `${row.leaveTypeName ?? ''} · ${format.date(row.from)} – ${format.date(row.to)} · ${t('dashboard.workingDays', { count: row.workingDays })}`,
                })}
              />
            </Panel>
            <Panel title={t('dashboard.recentAttendances')} testId="recent-attendances">
              <EntryList
                items={data.recentAttendances}
                empty={t('dashboard.nobody')}
                entry={(row) => ({
                  key: row.workDayId,
                  main: row.employeeName,
                  detail: `${format.date(row.workDate)} · ${format.time(row.timeIn)} – ${format.time(row.timeOut)} · ${t(stateLabels[row.state])}`,
                })}
              />
            </Panel>
            <Panel title={t('dashboard.newestEmployees')} testId="newest-employees">
              <EntryList
                items={data.newestEmployees}
                empty={t('dashboard.nobody')}
                entry={(row) => ({
                  key: row.employeeId,
                  main: row.employeeName,
                  detail: [row.departmentName, row.jobTitleName, format.date(row.createdAt.slice(0, 10))].filter(Boolean).join(' · '),
                })}
              />
            </Panel>
            <Panel title={t('dashboard.perCompany')} testId="per-company">
              <EntryList
                items={data.employees.byCompany}
                empty={t('dashboard.nobody')}
                entry={(row) => ({
                  key: row.companyId,
                  main: row.companyName ?? '',
                  detail: t('dashboard.activeArchived', { active: row.active, archived: row.archived }),
                })}
              />
            </Panel>
            <Panel title={t('dashboard.perDepartment')} testId="per-department">
              <EntryList
                items={data.employees.byDepartment}
                empty={t('dashboard.nobody')}
                entry={(row) => ({
                  key: row.departmentId,
                  main: row.departmentName ?? '',
                  detail: t('dashboard.activeArchived', { active: row.active, archived: row.archived }),
                })}
              />
            </Panel>
          </div>
        </>
      ) : null}
    </DashboardFrame>
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

/** A dashboard list: who or what, then its figures (a table would cost the first load more than it tells here). */
function EntryList<Item>({
  items,
  empty,
  entry,
}: {
  items: readonly Item[];
  empty: string;
  entry: (item: Item) => { key: string; main: ReactNode; detail: string };
}) {
  if (items.length === 0) return <EmptyState text={empty} />;
  return (
    <ul className="divide-base-300 divide-y">
      {items.map((item) => {
        const { key, main, detail } = entry(item);
        return (
          <li key={key} className="flex flex-wrap justify-between gap-x-3 gap-y-1 py-2">
            <span className="min-w-0 font-medium break-words">{main}</span>
            <span className="text-base-content/70 text-sm">{detail}</span>
          </li>
        );
      })}
    </ul>
  );
}
