import { datesBetween, type DayMark } from '@ams/contracts';
import { dayFigures, type DayFigures, type DayPlan, type Punches } from '../figures/day-figures.ts';
import { createDayPlanner } from '../figures/day-planner.ts';
import type { ApprovedLeave, EmployeeDay, PeriodData, ReportEmployee, StoredWorkDay } from './period-repository.ts';

export function punchesOf(day: StoredWorkDay): Punches {
  return { timeIn: day.timeIn, breakIn: day.breakIn, breakOut: day.breakOut, timeOut: day.timeOut };
}

/** An instant (ms) as the answers write it. */
export const isoOf = (instant: number | null | undefined): string | null =>
  instant === null || instant === undefined ? null : new Date(instant).toISOString();

export const onLeave = (leaves: readonly ApprovedLeave[] | undefined, workDate: string) =>
  leaves?.some((leave) => leave.from <= workDate && workDate <= leave.to) ?? false;

function isShown(kind: DayFigures['kind']): kind is DayMark {
  return kind === 'present' || kind === 'absent' || kind === 'leave';
}

/** A date of an employee as planned and computed. */
export interface PlannedDay {
  employee: ReportEmployee;
  workDate: string;
  plan: DayPlan;
  figures: DayFigures;
  workDay: StoredWorkDay | null;
}

/** Every date of [from, to] of the period's employees, planned and computed, by employee (in their order) then date. */
export function* plannedDays(data: PeriodData, from: string, to: string, now: number): Generator<PlannedDay> {
  const plan = createDayPlanner();
  const dates = datesBetween(from, to);
  for (const employee of data.employees) {
    const rules = data.rulesOf(employee.companyId);
    const schedules = data.schedules.get(employee.employeeId) ?? [];
    const leaves = data.leaves.get(employee.employeeId);
    const workDays = data.workDays.get(employee.employeeId);
    for (const workDate of dates) {
      const workDay = workDays?.get(workDate) ?? null;
      // A clocked day keeps the shift attendance counted it against; other days follow the schedule as it is now.
      const dayPlan = plan(schedules, workDate, rules.timezone, workDay?.shift);
      const figures = dayFigures({ plan: dayPlan, punches: workDay ? punchesOf(workDay) : null, onLeave: onLeave(leaves, workDate), now, rules });
      yield { employee, workDate, plan: dayPlan, figures, workDay };
    }
  }
}

/** Every shown day of [from, to] for the period's employees, by employee (in their order) then date. */
export function periodDays(data: PeriodData, from: string, to: string, now: number): EmployeeDay[] {
  const days: EmployeeDay[] = [];
  for (const { employee, workDate, figures, workDay } of plannedDays(data, from, to, now)) {
    if (isShown(figures.kind)) days.push({ employee, workDate, mark: figures.kind, figures, workDay });
  }
  return days;
}
