import { weekdays, type Weekday } from '../scheduling/schedule-api.ts';

/** What the count needs of a schedule: the dates it covers and its rest days. */
export interface ScheduleSpan {
  fromDate: string;
  /** Null: open-ended. */
  toDate: string | null;
  restDays: readonly Weekday[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

function dayNumber(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to`, both included (YYYY-MM-DD, in UTC so no time zone shifts a day). */
export function calendarDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** Monday-first, as the contracts name them; getUTCDay() starts on Sunday. */
function weekdayOf(day: number): Weekday {
  return weekdays[(new Date(day * DAY_MS).getUTCDay() + 6) % 7] as Weekday;
}

/** The schedule in force on `date`: of those covering it, the one that started last. */
function scheduleOn(date: string, schedules: readonly ScheduleSpan[]): ScheduleSpan | undefined {
  let found: ScheduleSpan | undefined;
  for (const schedule of schedules) {
    const covers = schedule.fromDate <= date && (schedule.toDate === null || date <= schedule.toDate);
    if (covers && (!found || schedule.fromDate > found.fromDate)) found = schedule;
  }
  return found;
}

/**
 * The days of [from, to] the employee would have worked: every date counts unless it is a rest day
 * of the schedule in force on it. A date no schedule covers counts as a working day: without a
 * schedule nothing says the employee was off, and an unscheduled employee's leave is not free.
 */
export function countWorkingDays(from: string, to: string, schedules: readonly ScheduleSpan[]): number {
  let count = 0;
  for (let day = dayNumber(from); day <= dayNumber(to); day += 1) {
    const schedule = scheduleOn(dateOf(day), schedules);
    if (!schedule || !schedule.restDays.includes(weekdayOf(day))) count += 1;
  }
  return count;
}

/** The first and last dates of a month 'YYYY-MM'. */
export function monthRange(isoMonth: string): { from: string; to: string } {
  const [year = 0, month = 1] = isoMonth.split('-').map(Number);
  // Day 0 of the next month is the last day of this one.
  return { from: `${isoMonth}-01`, to: dateOf(Date.UTC(year, month, 0) / DAY_MS) };
}
