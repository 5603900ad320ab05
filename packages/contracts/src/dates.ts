import { tzOffset } from '@date-fns/tz';
import { weekdays, type Weekday } from './scheduling/weekdays.ts';

/*
 * The date rules, once for the services and the SPA. Calendar dates are 'YYYY-MM-DD' counted in plain UTC days, so no
 * time zone ever shifts a day and no DateTime is built (reports ask these for every employee and day of a period);
 * only the wall-time functions at the end take a zone.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

/** Calendar days from `from` to `to`, both included. */
export function calendarDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = dayNumber(from); day <= dayNumber(to); day += 1) dates.push(dateOfDay(day));
  return dates;
}

/** The first and last dates of a month 'YYYY-MM'. */
export function monthRange(isoMonth: string): { from: string; to: string } {
  const [year = 0, month = 1] = isoMonth.split('-').map(Number);
  // Day 0 of the next month is the last day of this one.
  return { from: `${isoMonth}-01`, to: dateOfDay(Date.UTC(year, month, 0) / DAY_MS) };
}

/** The spec's weekday of a date (its weeks start on Monday; getUTCDay counts from Sunday). */
export function weekdayOf(date: string): Weekday {
  return weekdays[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7] as Weekday;
}

/** What finding a date's schedule needs of one: the dates it covers (`toDate` null: open-ended). */
export interface DatedSpan {
  fromDate: string;
  toDate: string | null;
}

/** The schedule in force on a date: of those covering it, the one that started last (two overlap only in a projection's lag). */
export function scheduleOn<S extends DatedSpan>(schedules: readonly S[], date: string): S | null {
  // A loop, not filter and sort: reports ask this for every employee and day of a period.
  let found: S | null = null;
  for (const schedule of schedules) {
    if (schedule.fromDate <= date && (schedule.toDate === null || date <= schedule.toDate) && (found === null || schedule.fromDate > found.fromDate))
      found = schedule;
  }
  return found;
}

/**
 * Whole years from a birthday to a date; someone born on 29 February turns a year older on 1 March. Never negative:
 * a date before the birthday (a birthday entered for today in a zone ahead of the date's) reads 0, as a newborn's
 * age does, since every caller shows it as an age. Unknown (null) without a birthday.
 */
export function ageOn(birthday: string, date: string): number;
export function ageOn(birthday: string | null, date: string): number | null;
export function ageOn(birthday: string | null, date: string): number | null {
  if (birthday === null) return null;
  const years = Number(date.slice(0, 4)) - Number(birthday.slice(0, 4));
  return Math.max(0, date.slice(5) >= birthday.slice(5) ? years : years - 1);
}

/** The zone's offset from UTC at an instant, in minutes (60 for 09:00 in Lisbon in summer: 08:00 UTC). */
export function zoneOffsetMinutes(instant: number, zone: string): number {
  return tzOffset(zone, new Date(instant));
}

/**
 * How much longer in real time than on the wall clock a span between two instants is in a zone, in minutes:
 * -60 across the spring-forward hour, +60 across the fall-back one, 0 otherwise.
 */
export function daylightSavingMinutes(start: number, end: number, zone: string): number {
  return zoneOffsetMinutes(start, zone) - zoneOffsetMinutes(end, zone);
}

const toMillis = (instant: Date | string | number): number => (typeof instant === 'number' ? instant : new Date(instant).getTime());

/** The calendar date an instant falls on in a zone. */
export function localDateOf(instant: Date | string | number, zone: string): string {
  const at = toMillis(instant);
  return new Date(at + zoneOffsetMinutes(at, zone) * MINUTE_MS).toISOString().slice(0, 10);
}

/** The zone's wall clock ('HH:mm') at an instant. */
export function wallTimeOf(instant: Date | string | number, zone: string): string {
  const at = toMillis(instant);
  return new Date(at + zoneOffsetMinutes(at, zone) * MINUTE_MS).toISOString().slice(11, 16);
}

/**
 * A wall time ('HH:mm', or the spec's 'HH:mm:ss.SSSZ' whose Z is not a zone) on a date in a zone, as the first instant
 * the zone's clock reads it or later: a time the clock skips (the spring-forward hour) begins when the clock jumps past
 * it, a time it shows twice (the fall-back hour) the first time, as a shift that starts then does. NaN for a date or
 * time that is not one.
 */
export function instantOfWallTime(date: string, time: string, zone: string): number {
  const wall = Date.parse(`${date}T${time.slice(0, 12)}Z`);
  if (Number.isNaN(wall)) return NaN;
  const offsetBefore = zoneOffsetMinutes(wall - DAY_MS, zone);
  const offsetAfter = zoneOffsetMinutes(wall + DAY_MS, zone);
  if (offsetBefore === offsetAfter) return wall - offsetBefore * MINUTE_MS;
  // The clocks change within a day of it: the readings the two offsets give, where they hold, the earlier first.
  const readings = [wall - offsetBefore * MINUTE_MS, wall - offsetAfter * MINUTE_MS].sort((a, b) => a - b);
  const held = readings.filter((instant) => zoneOffsetMinutes(instant, zone) * MINUTE_MS === wall - instant);
  if (held.length > 0) return held[0] as number;
  // Skipped: the change lies between the two readings; find its minute.
  let [before, after] = readings as [number, number];
  while (after - before > MINUTE_MS) {
    const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
    if (zoneOffsetMinutes(middle, zone) === offsetAfter) after = middle;
    else before = middle;
  }
  return after;
}
