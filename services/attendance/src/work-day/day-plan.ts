import { DateTime } from 'luxon';
import { weekdays, type ScheduleState } from '@ams/contracts';
import type { DayPlan } from './decide.ts';
import type { Shift } from './work-day.ts';

/** The schedule that covers a date (the latest-starting one, should two overlap in a projection lag). */
export function scheduleOn(schedules: readonly ScheduleState[], workDate: string): ScheduleState | null {
  const covering = schedules.filter((schedule) => schedule.fromDate <= workDate && (schedule.toDate === null || workDate <= schedule.toDate));
  return covering.sort((a, b) => b.fromDate.localeCompare(a.fromDate))[0] ?? null;
}

function weekdayOf(workDate: string): (typeof weekdays)[number] {
  // getUTCDay counts from Sunday (0); the spec's weekdays start on Monday.
  return weekdays[(new Date(`${workDate}T00:00:00Z`).getUTCDay() + 6) % 7] as (typeof weekdays)[number];
}

/** A wall-clock time (HH:mm:ss.SSSZ, the spec's format) on a date in a zone, as a UTC instant. */
function instantOf(workDate: string, time: string, zone: string): DateTime {
  return DateTime.fromISO(`${workDate}T${time.slice(0, 12)}`, { zone });
}

/**
 * The shift of a date: wall-clock start and off times in the company's zone (so a 09:00 start stays 09:00
 * across daylight saving), an off time at or before the start ending the next day.
 */
export function shiftOn(schedule: ScheduleState, workDate: string, zone: string): Shift {
  const start = instantOf(workDate, schedule.startTime, zone);
  let end = instantOf(workDate, schedule.offTime, zone);
  if (end <= start) end = instantOf(addDays(workDate, 1), schedule.offTime, zone);
  return { scheduleId: schedule.scheduleId, start: start.toUTC().toISO() as string, end: end.toUTC().toISO() as string, totalHours: schedule.totalHours };
}

export function planOf(schedules: readonly ScheduleState[], workDate: string, zone: string): DayPlan {
  const schedule = scheduleOn(schedules, workDate);
  if (!schedule) return { kind: 'no-schedule' };
  if (schedule.restDays.includes(weekdayOf(workDate))) return { kind: 'rest-day' };
  return { kind: 'working', shift: shiftOn(schedule, workDate, zone) };
}

/** The calendar date of an instant in a zone. */
export function localDate(instant: string, zone: string): string {
  return DateTime.fromISO(instant, { zone: 'UTC' }).setZone(zone).toISODate() as string;
}

const DAY_MS = 86_400_000;

/** Calendar arithmetic on YYYY-MM-DD dates (no zone involved: plain UTC days, far cheaper than a DateTime). */
export function addDays(workDate: string, days: number): string {
  return new Date(Date.parse(`${workDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function previousDate(workDate: string): string {
  return addDays(workDate, -1);
}

/**
 * The work date a check-in at `now` belongs to: yesterday's while yesterday's (overnight) shift is still
 * running, else today's in the company's zone. A shift that starts in the evening belongs to the date it started.
 */
export function checkInDate(schedules: readonly ScheduleState[], now: string, zone: string): string {
  const today = localDate(now, zone);
  const yesterday = previousDate(today);
  const plan = planOf(schedules, yesterday, zone);
  return plan.kind === 'working' && Date.parse(now) < Date.parse(plan.shift.end) ? yesterday : today;
}

/** Spec §9 timeFormat: 1 shows 24-hour times, 2 shows 12-hour times. */
export function timeFormatter(zone: string, timeFormat: 1 | 2): (instant: string) => string {
  return (instant) => DateTime.fromISO(instant, { zone: 'UTC' }).setZone(zone).toFormat(timeFormat === 1 ? 'HH:mm' : 'h:mm a');
}
