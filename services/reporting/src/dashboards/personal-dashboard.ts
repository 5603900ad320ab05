import { addDays, localDateOf, scheduleOn, weekdayOf, type PersonalDashboard } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import { absenceOf } from '@ams/work-time';
import type { ReportingContext } from '../context.ts';
import { createDayPlanner } from '../figures/day-planner.ts';
import { attendanceRowOf } from '../reports/attendance-reports.ts';
import { totalsOf } from '../period/day-sums.ts';
import { isoOf, onLeave, periodDays } from '../period/period-days.ts';
import { loadPeriod, type EmployeeDay } from '../period/period-repository.ts';
import { leavesOf } from './dashboard-repository.ts';

const PREVIOUS_DAYS = 10;
const HISTORY_DAYS = 31;

function hoursOf(days: readonly EmployeeDay[]): PersonalDashboard['week'] {
  const { workedHours, overtimeHours, daysWorked, absences, leaveDays } = totalsOf(days);
  return { workedHours, overtimeHours, daysWorked, absences, leaveDays };
}

/** Monday of the date's week. */
function weekStart(date: string): string {
  const offsets = { monday: 0, tuesday: 1, wednesday: 2, thursday: 3, friday: 4, saturday: 5, sunday: 6 } as const;
  return addDays(date, -offsets[weekdayOf(date)]);
}

const empty = (now: Date): PersonalDashboard => {
  const none = { workedHours: 0, overtimeHours: 0, daysWorked: 0, absences: 0, leaveDays: 0 };
  return { asOf: now.toISOString(), employeeId: null, today: null, previousAttendances: [], schedule: null, leaves: [], week: none, month: none };
};

/** The personal dashboard (spec §2): today, previous attendances, the current schedule, my leave and my hours this week and month. */
export async function personalDashboard(ctx: ReportingContext, caller: SignedInPrincipal): Promise<PersonalDashboard> {
  const now = ctx.now();
  if (caller.employeeId === null) return empty(now);
  const utcToday = localDateOf(now, 'UTC');
  const from = addDays(utcToday, -HISTORY_DAYS - 1);
  const to = addDays(utcToday, 1);
  const [data, leaves] = await Promise.all([
    loadPeriod(ctx.pool, scopeOf(caller), { employeeId: caller.employeeId }, from, to),
    leavesOf(ctx.pool, caller.employeeId, 20),
  ]);
  const employee = data.employees[0];
  if (!employee) return empty(now);
  const { timezone } = data.rulesOf(employee.companyId);
  const today = localDateOf(now, timezone);
  const days = periodDays(data, from, today, now.getTime());
  const schedules = data.schedules.get(employee.employeeId) ?? [];
  const plan = createDayPlanner()(schedules, today, timezone);
  const ownDays = data.workDays.get(employee.employeeId);
  const yesterdayDay = ownDays?.get(addDays(today, -1)) ?? null;
  // After midnight, a night shift still running is today's status.
  const todayDay = ownDays?.get(today) ?? (yesterdayDay && yesterdayDay.state !== 'left' ? yesterdayDay : null);
  const status: NonNullable<PersonalDashboard['today']>['status'] = todayDay
    ? todayDay.state
    : onLeave(data.leaves.get(employee.employeeId), today)
      ? 'leave'
      : plan.kind === 'working'
        ? absenceOf(plan.shift.end, now.getTime())
        : plan.kind;
  const current = scheduleOn(schedules, today);
  const month = today.slice(0, 8) + '01';
  const week = weekStart(today);
  return {
    asOf: now.toISOString(),
    employeeId: employee.employeeId,
    today: {
      workDate: todayDay?.workDate ?? today,
      status,
      timeIn: isoOf(todayDay?.timeIn),
      timeOut: isoOf(todayDay?.timeOut),
      shiftStart: plan.kind === 'working' ? new Date(plan.shift.start).toISOString() : null,
      shiftEnd: plan.kind === 'working' ? new Date(plan.shift.end).toISOString() : null,
    },
    previousAttendances: days
      .filter((day) => day.workDate < today)
      .slice(-PREVIOUS_DAYS)
      .reverse()
      .map(attendanceRowOf),
    schedule: current && {
      scheduleId: current.scheduleId,
      startTime: current.startTime,
      offTime: current.offTime,
      totalHours: current.totalHours,
      restDays: current.restDays,
      fromDate: current.fromDate,
      toDate: current.toDate,
    },
    leaves,
    week: hoursOf(days.filter((day) => day.workDate >= week)),
    month: hoursOf(days.filter((day) => day.workDate >= month)),
  };
}
