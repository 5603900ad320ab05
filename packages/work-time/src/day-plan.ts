import { DateTime, IANAZone } from 'luxon';
import { weekdays, type ScheduleState, type Weekday } from '@ams/contracts';

/** A date's shift: UTC instants of its start and end, and the paid hours the schedule plans. */
export interface Shift {
  scheduleId: string;
  start: string;
  end: string;
  /** Paid hours the schedule plans (the rest of the shift is break). */
  totalHours: number;
}

export type DayPlan = { kind: 'working'; shift: Shift } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/** The schedule that covers a date (the latest-starting one, should two overlap in a projection lag). */
export function scheduleOn<S extends Pick<ScheduleState, 'fromDate' | 'toDate'>>(schedules: readonly S[], workDate: string): S | null {
  // A loop, not filter and sort: reports ask this for every employee and day of a period.
  let found: S | null = null;
  for (const schedule of schedules) {
    if (schedule.fromDate <= workDate && (schedule.toDate === null || workDate <= schedule.toDate) && (found === null || schedule.fromDate > found.fromDate))
      found = schedule;
  }
  return found;
}

/** The spec's weekday of a date (its weekdays start on Monday). */
export function weekdayOf(workDate: string): Weekday {
  // getUTCDay counts from Sunday (0).
  return weekdays[(new Date(`${workDate}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * A wall-clock time (HH:mm:ss.SSSZ, the spec's format) on a date in a zone, as the first instant the zone's clock
 * reads it or later: a time the clock skips (the spring-forward hour) begins when the clock jumps past it, a time it
 * shows twice (the fall-back hour) the first time. Luxon alone would move a skipped time on by the whole gap and read
 * a repeated one at its second showing.
 */
function instantOf(workDate: string, time: string, zone: string): number {
  const wall = Date.parse(`${workDate}T${time.slice(0, 12)}Z`);
  const clock = IANAZone.create(zone);
  const offsetBefore = clock.offset(wall - DAY_MS);
  const offsetAfter = clock.offset(wall + DAY_MS);
  if (offsetBefore === offsetAfter) return wall - offsetBefore * MINUTE_MS;
  // The clocks change within a day of it: the readings the two offsets give, where they hold, the earlier first.
  const readings = [wall - offsetBefore * MINUTE_MS, wall - offsetAfter * MINUTE_MS].sort((a, b) => a - b);
  const held = readings.filter((instant) => clock.offset(instant) * MINUTE_MS === wall - instant);
  if (held.length > 0) return held[0] as number;
  // Skipped: the change lies between the two readings; find its minute.
  let [before, after] = readings as [number, number];
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (clock.offset(middle) === offsetAfter) after = middle;
    else before = middle;
  }
  return after;
}

/**
 * The shift of a date: wall-clock start and off times in the company's zone (so a 09:00 start stays 09:00
 * across daylight saving), an off time at or before the start (on the clock) ending the next day.
 */
export function shiftOn(schedule: ScheduleState, workDate: string, zone: string): Shift {
  const start = instantOf(workDate, schedule.startTime, zone);
  const overnight = schedule.offTime.slice(0, 12) <= schedule.startTime.slice(0, 12);
  const end = instantOf(overnight ? addDays(workDate, 1) : workDate, schedule.offTime, zone);
  return { scheduleId: schedule.scheduleId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), totalHours: schedule.totalHours };
}

export function planOf(schedules: readonly ScheduleState[], workDate: string, zone: string): DayPlan {
  const schedule = scheduleOn(schedules, workDate);
  if (!schedule) return { kind: 'no-schedule' };
  if (schedule.restDays.includes(weekdayOf(workDate))) return { kind: 'rest-day' };
  return { kind: 'working', shift: shiftOn(schedule, workDate, zone) };
}

/**
 * How much longer in real time than on the wall clock a span between two instants is in a zone, in minutes:
 * -60 across the spring-forward hour, +60 across the fall-back one, 0 otherwise.
 */
export function daylightSavingMinutes(start: number, end: number, zone: string): number {
  return DateTime.fromMillis(start, { zone }).offset - DateTime.fromMillis(end, { zone }).offset;
}

/** The calendar date of an instant in a zone. */
export function localDate(instant: string, zone: string): string {
  return DateTime.fromISO(instant, { zone: 'UTC' }).setZone(zone).toISODate() as string;
}

/** Calendar arithmetic on YYYY-MM-DD dates (no zone involved: plain UTC days, far cheaper than a DateTime). */
export function addDays(workDate: string, days: number): string {
  return new Date(Date.parse(`${workDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function previousDate(workDate: string): string {
  return addDays(workDate, -1);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}
