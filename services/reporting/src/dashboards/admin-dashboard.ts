import type { AdminDashboard } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import { addDays, datesBetween, localDate } from '@ams/work-time';
import type { ReportingContext } from '../context.ts';
import { createDayPlanner } from '../figures/day-planner.ts';
import { presenceNow } from '../figures/presence.ts';
import { isoOf, onLeave, periodDays, punchesOf } from '../reports/period-days.ts';
import { loadPeriod, type PeriodData, type StoredWorkDay } from '../reports/period-repository.ts';
import { headCounts, newestEmployees, pendingLeaves, recentWorkDays } from './dashboard-repository.ts';

const LIST_LIMIT = 10;
const SERIES_DAYS = 30;

type Presence = AdminDashboard['presence'];
type PresenceEntry = Presence['working']['items'][number];
/** How many people each presence list names (its count is of everyone). */
const PRESENCE_LIMIT = 100;

function employeeCounts(rows: Awaited<ReturnType<typeof headCounts>>): AdminDashboard['employees'] {
  const byCompany = new Map<string, AdminDashboard['employees']['byCompany'][number]>();
  const byDepartment = new Map<string, AdminDashboard['employees']['byDepartment'][number]>();
  let active = 0;
  let archived = 0;
  for (const row of rows) {
    const company = byCompany.get(row.companyId) ?? { companyId: row.companyId, companyName: row.companyName, active: 0, archived: 0 };
    const department = byDepartment.get(row.departmentId) ?? { departmentId: row.departmentId, departmentName: row.departmentName, companyId: row.companyId, active: 0, archived: 0 };
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
    if (date === undefined) dates.set(zone, (date = localDate(instant, zone)));
    return date;
  };
}

/** Who is in, on a break, gone or absent now: each active employee by the day of their company's zone. */
function presenceOf(data: PeriodData, now: Date, todayIn: (zone: string) => string): Presence {
  const plan = createDayPlanner();
  const lists: Record<keyof Presence, PresenceEntry[]> = { working: [], onBreak: [], gone: [], absent: [] };
  for (const employee of data.employees) {
    if (employee.employmentStatus !== 'active') continue;
    const { timezone } = data.rulesOf(employee.companyId);
    const today = todayIn(timezone);
    const days = data.workDays.get(employee.employeeId);
    const todayDay = days?.get(today) ?? null;
    const yesterdayDay = days?.get(addDays(today, -1)) ?? null;
    const state = presenceNow({
      today: todayDay && punchesAndState(todayDay),
      yesterday: yesterdayDay && punchesAndState(yesterdayDay),
      plan: plan(data.schedules.get(employee.employeeId) ?? [], today, timezone),
      onLeave: onLeave(data.leaves.get(employee.employeeId), today),
      now: now.getTime(),
    });
    if (state.kind === 'none') continue;
    const workDate = state.kind === 'absent' ? today : (todayDay ?? yesterdayDay)?.workDate ?? today;
    const entry = { employeeId: employee.employeeId, employeeName: employee.employeeName, companyId: employee.companyId, workDate, since: isoOf(state.since) };
    lists[state.kind === 'working' ? 'working' : state.kind === 'on-break' ? 'onBreak' : state.kind === 'gone' ? 'gone' : 'absent'].push(entry);
  }
  // The latest first (who came, went or was due most recently).
  const capped = (entries: PresenceEntry[]) => ({ count: entries.length, items: entries.sort((a, b) => (b.since ?? '').localeCompare(a.since ?? '')).slice(0, PRESENCE_LIMIT) });
  return { working: capped(lists.working), onBreak: capped(lists.onBreak), gone: capped(lists.gone), absent: capped(lists.absent) };
}

function punchesAndState(day: StoredWorkDay) {
  return { state: day.state, ...punchesOf(day) };
}

/**
 * The admin dashboard (spec §2) over the caller's companies, or one of them: head counts, the newest
 * employees, presence now, today's late arrivals, recent attendances, pending leave and a 30-day series
 * whose dates are the work dates of the company's zone (the organisation's for several companies).
 */
export async function adminDashboard(ctx: ReportingContext, caller: SignedInPrincipal, query: { companyId?: string | undefined }): Promise<AdminDashboard> {
  const scope = scopeOf(caller);
  const now = ctx.now();
  const utcToday = now.toISOString().slice(0, 10);
  // One day either side of UTC's today covers every zone's today; the series reaches back 30 days from there.
  const from = addDays(utcToday, -SERIES_DAYS - 1);
  const to = addDays(utcToday, 1);
  const [counts, newest, recent, pending, data] = await Promise.all([
    headCounts(ctx.pool, scope, query.companyId),
    newestEmployees(ctx.pool, scope, query.companyId, LIST_LIMIT),
    recentWorkDays(ctx.pool, scope, query.companyId, LIST_LIMIT),
    pendingLeaves(ctx.pool, scope, query.companyId, 50),
    loadPeriod(ctx.pool, scope, { companyId: query.companyId }, from, to),
  ]);
  const days = periodDays(data, from, to, now.getTime());
  const referenceZone = data.rulesOf(query.companyId ?? caller.companyId ?? '').timezone;
  const todayIn = todayByZone(now);
  const referenceToday = todayIn(referenceZone);
  const series = new Map(datesBetween(addDays(referenceToday, -(SERIES_DAYS - 1)), referenceToday).map((date) => [date, { date, present: 0, absent: 0, leave: 0, late: 0 }]));
  const lateToday: AdminDashboard['lateToday']['items'] = [];
  for (const day of days) {
    const point = series.get(day.workDate);
    if (point) {
      point[day.mark] += 1;
      if (day.figures.lateMinutes > 0) point.late += 1;
    }
    const employeeToday = todayIn(data.rulesOf(day.employee.companyId).timezone);
    if (day.workDate === employeeToday && day.workDay && day.figures.lateMinutes > 0) {
      lateToday.push({ employeeId: day.employee.employeeId, employeeName: day.employee.employeeName, companyId: day.employee.companyId, workDate: day.workDate, timeIn: isoOf(day.workDay.timeIn) ?? '', lateMinutes: day.figures.lateMinutes });
    }
  }
  return {
    asOf: now.toISOString(),
    employees: employeeCounts(counts),
    newestEmployees: newest.map((employee) => ({ ...employee, createdAt: employee.createdAt.toISOString() })),
    presence: presenceOf(data, now, todayIn),
    lateToday: { count: lateToday.length, items: lateToday.sort((a, b) => b.timeIn.localeCompare(a.timeIn)).slice(0, PRESENCE_LIMIT) },
    recentAttendances: recent.map((day) => ({ ...day, timeIn: day.timeIn.toISOString(), timeOut: day.timeOut?.toISOString() ?? null })),
    pendingLeaves: pending.map((leave) => ({ ...leave, requestedAt: leave.requestedAt.toISOString() })),
    series: [...series.values()],
  };
}
