import { addDays, datesBetween, localDateOf, type AdminDashboard } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { loadCompanyRules, type CompanyRules } from '../period/period-repository.ts';
import {
  allCompanyIds,
  dailyCounts,
  headCounts,
  lateToday,
  newestEmployees,
  pendingLeaves,
  presenceNow,
  recentWorkDays,
  type PresenceRow,
  type TodayByCompany,
} from './dashboard-repository.ts';

const LIST_LIMIT = 10;
const SERIES_DAYS = 30;

type Presence = AdminDashboard['presence'];
/** How many people each presence list names (its count is of everyone). */
const PRESENCE_LIMIT = 100;

function employeeCounts(rows: Awaited<ReturnType<typeof headCounts>>): AdminDashboard['employees'] {
  const byCompany = new Map<string, AdminDashboard['employees']['byCompany'][number]>();
  const byDepartment = new Map<string, AdminDashboard['employees']['byDepartment'][number]>();
  let active = 0;
  let archived = 0;
  for (const row of rows) {
    const company = byCompany.get(row.companyId) ?? { companyId: row.companyId, companyName: row.companyName, active: 0, archived: 0 };
    const department = byDepartment.get(row.departmentId) ?? {
      departmentId: row.departmentId,
      departmentName: row.departmentName,
      companyId: row.companyId,
      active: 0,
      archived: 0,
    };
    company[row.employmentStatus] += row.count;
    department[row.employmentStatus] += row.count;
    byCompany.set(row.companyId, company);
    byDepartment.set(row.departmentId, department);
    if (row.employmentStatus === 'active') active += row.count;
    else archived += row.count;
  }
  return { active, archived, byCompany: [...byCompany.values()], byDepartment: [...byDepartment.values()] };
}

/** Today's date in each zone, each zone's worked out once. */
function todayByZone(now: Date): (zone: string) => string {
  const instant = now.toISOString();
  const dates = new Map<string, string>();
  return (zone) => {
    let date = dates.get(zone);
    if (date === undefined) dates.set(zone, (date = localDateOf(instant, zone)));
    return date;
  };
}

/** Every company's today, in its zone. */
function todayByCompany(companyIds: string[], rulesOf: (companyId: string) => CompanyRules, todayIn: (zone: string) => string): TodayByCompany {
  return {
    companyIds,
    todays: companyIds.map((companyId) => todayIn(rulesOf(companyId).timezone)),
    organisationToday: todayIn(rulesOf('').timezone),
  };
}

function presenceOf(rows: readonly PresenceRow[]): Presence {
  const lists: Presence = {
    working: { count: 0, items: [] },
    onBreak: { count: 0, items: [] },
    gone: { count: 0, items: [] },
    notIn: { count: 0, items: [] },
    absent: { count: 0, items: [] },
  };
  for (const row of rows) {
    const list = lists[row.status];
    list.count = row.count;
    list.items.push({
      employeeId: row.employeeId,
      employeeName: row.employeeName,
      companyId: row.companyId,
      workDate: row.workDate,
      since: row.since.toISOString(),
    });
  }
  return lists;
}

/**
 * The admin dashboard (spec §2) over the caller's companies, or one of them: head counts, the newest
 * employees, presence now, today's late arrivals, recent attendances, pending leave and a 30-day series
 * whose dates are the work dates of the company's zone (the organisation's for several companies).
 * A handful of indexed queries on the stored days.
 */
export async function adminDashboard(ctx: ReportingContext, caller: SignedInPrincipal, query: { companyId?: string | undefined }): Promise<AdminDashboard> {
  const scope = scopeOf(caller);
  const now = ctx.now();
  const [rulesOf, companyIds] = await Promise.all([loadCompanyRules(ctx.pool), allCompanyIds(ctx.pool)]);
  const todayIn = todayByZone(now);
  const referenceToday = todayIn(rulesOf(query.companyId ?? caller.companyId ?? '').timezone);
  const seriesFrom = addDays(referenceToday, -(SERIES_DAYS - 1));
  const todays = todayByCompany(companyIds, rulesOf, todayIn);
  const [counts, newest, recent, pending, presence, late, daily] = await Promise.all([
    headCounts(ctx.pool, scope, query.companyId),
    newestEmployees(ctx.pool, scope, query.companyId, LIST_LIMIT),
    recentWorkDays(ctx.pool, scope, query.companyId, LIST_LIMIT),
    pendingLeaves(ctx.pool, scope, query.companyId, 50),
    presenceNow(ctx.pool, scope, query.companyId, todays, now, PRESENCE_LIMIT),
    lateToday(ctx.pool, scope, query.companyId, todays, PRESENCE_LIMIT),
    dailyCounts(ctx.pool, scope, query.companyId, seriesFrom, referenceToday, now),
  ]);
  const byDate = new Map(daily.map((point) => [point.date, point]));
  return {
    asOf: now.toISOString(),
    employees: employeeCounts(counts),
    newestEmployees: newest.map((employee) => ({ ...employee, createdAt: employee.createdAt.toISOString() })),
    presence: presenceOf(presence),
    lateToday: { count: late[0]?.count ?? 0, items: late.map(({ count: _count, timeIn, ...entry }) => ({ ...entry, timeIn: timeIn.toISOString() })) },
    recentAttendances: recent.map((day) => ({ ...day, timeIn: day.timeIn.toISOString(), timeOut: day.timeOut?.toISOString() ?? null })),
    pendingLeaves: pending.map((leave) => ({ ...leave, requestedAt: leave.requestedAt.toISOString() })),
    series: datesBetween(seriesFrom, referenceToday).map((date) => byDate.get(date) ?? { date, present: 0, absent: 0, leave: 0, late: 0 }),
  };
}
