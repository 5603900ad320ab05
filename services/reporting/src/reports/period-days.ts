import type { DayMark, ReportTotals } from '@ams/contracts';
import { datesBetween } from '@ams/work-time';
import { dayFigures, type DayFigures, type Punches } from '../figures/day-figures.ts';
import { createDayPlanner } from '../figures/day-planner.ts';
import type { ApprovedLeave, PeriodData, ReportEmployee, StoredWorkDay } from './period-repository.ts';

/** One employee's day that the reports show: present, absent or on leave. */
export interface EmployeeDay {
  employee: ReportEmployee;
  workDate: string;
  mark: DayMark;
  figures: DayFigures;
  workDay: StoredWorkDay | null;
}

export function punchesOf(day: StoredWorkDay): Punches {
  return { timeIn: day.timeIn, breakIn: day.breakIn, breakOut: day.breakOut, timeOut: day.timeOut };
}

/** An instant (ms) as the answers write it. */
export const isoOf = (instant: number | null | undefined): string | null => (instant === null || instant === undefined ? null : new Date(instant).toISOString());

export const onLeave = (leaves: readonly ApprovedLeave[] | undefined, workDate: string) => leaves?.some((leave) => leave.from <= workDate && workDate <= leave.to) ?? false;

function isShown(kind: DayFigures['kind']): kind is DayMark {
  return kind === 'present' || kind === 'absent' || kind === 'leave';
}

/** Every shown day of [from, to] for the period's employees, by employee (in their order) then date. */
export function periodDays(data: PeriodData, from: string, to: string, now: number): EmployeeDay[] {
  const plan = createDayPlanner();
  const dates = datesBetween(from, to);
  const days: EmployeeDay[] = [];
  for (const employee of data.employees) {
    const rules = data.rulesOf(employee.companyId);
    const schedules = data.schedules.get(employee.employeeId) ?? [];
    const leaves = data.leaves.get(employee.employeeId);
    const workDays = data.workDays.get(employee.employeeId);
    for (const workDate of dates) {
      const workDay = workDays?.get(workDate) ?? null;
      const figures = dayFigures({ plan: plan(schedules, workDate, rules.timezone), punches: workDay ? punchesOf(workDay) : null, onLeave: onLeave(leaves, workDate), now, rules });
      if (isShown(figures.kind)) days.push({ employee, workDate, mark: figures.kind, figures, workDay });
    }
  }
  return days;
}

/** Minutes as hours with two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** Sums days into a report's totals. */
export function totalsOf(days: readonly EmployeeDay[]): ReportTotals {
  let scheduled = 0;
  let worked = 0;
  let overtime = 0;
  const totals = { daysWorked: 0, absences: 0, leaveDays: 0, lateArrivals: 0, earlyDepartures: 0, breakMinutes: 0, lateMinutes: 0, earlyDepartureMinutes: 0 };
  for (const { mark, figures } of days) {
    if (mark === 'present') totals.daysWorked += 1;
    else if (mark === 'absent') totals.absences += 1;
    else totals.leaveDays += 1;
    if (figures.lateMinutes > 0) totals.lateArrivals += 1;
    if (figures.earlyDepartureMinutes > 0) totals.earlyDepartures += 1;
    totals.breakMinutes += figures.breakMinutes;
    totals.lateMinutes += figures.lateMinutes;
    totals.earlyDepartureMinutes += figures.earlyDepartureMinutes;
    scheduled += figures.scheduledMinutes;
    worked += figures.workedMinutes;
    overtime += figures.overtimeMinutes;
  }
  return { ...totals, scheduledHours: hoursOf(scheduled), workedHours: hoursOf(worked), overtimeHours: hoursOf(overtime) };
}

/** The days grouped by employee, each list in date order. */
export function daysByEmployee(days: readonly EmployeeDay[]): Map<string, EmployeeDay[]> {
  const groups = new Map<string, EmployeeDay[]>();
  for (const day of days) {
    const list = groups.get(day.employee.employeeId);
    if (list) list.push(day);
    else groups.set(day.employee.employeeId, [day]);
  }
  return groups;
}
