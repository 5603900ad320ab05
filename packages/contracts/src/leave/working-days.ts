import { datesBetween, scheduleOn, weekdayOf } from '../dates.ts';
import type { Weekday } from '../scheduling/weekdays.ts';

/** What the count needs of a schedule: the dates it covers and its rest days. */
export interface ScheduleSpan {
  fromDate: string;
  /** Null: open-ended. */
  toDate: string | null;
  restDays: readonly Weekday[];
}

/**
 * The days of [from, to] the employee would have worked: every date counts unless it is a rest day
 * of the schedule in force on it. A date no schedule covers counts as a working day: without a
 * schedule nothing says the employee was off, and an unscheduled employee's leave is not free.
 */
export function countWorkingDays(from: string, to: string, schedules: readonly ScheduleSpan[]): number {
  return datesBetween(from, to).filter((date) => !scheduleOn(schedules, date)?.restDays.includes(weekdayOf(date))).length;
}
