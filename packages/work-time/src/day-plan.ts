import { addDays, instantOfWallTime, scheduleOn, weekdayOf, type ScheduleState } from '@ams/contracts';

/** A date's shift: UTC instants of its start and end, and the paid hours the schedule plans. */
export interface Shift {
  scheduleId: string;
  start: string;
  end: string;
  /** Paid hours the schedule plans (the rest of the shift is break). */
  totalHours: number;
}

export type DayPlan = { kind: 'working'; shift: Shift } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/**
 * The shift of a date: wall-clock start and off times in the company's zone (so a 09:00 start stays 09:00
 * across daylight saving), an off time at or before the start (on the clock) ending the next day.
 */
export function shiftOn(schedule: ScheduleState, workDate: string, zone: string): Shift {
  const start = instantOfWallTime(workDate, schedule.startTime, zone);
  const overnight = schedule.offTime.slice(0, 12) <= schedule.startTime.slice(0, 12);
  const end = instantOfWallTime(overnight ? addDays(workDate, 1) : workDate, schedule.offTime, zone);
  return { scheduleId: schedule.scheduleId, start: new Date(start).toISOString(), end: new Date(end).toISOString(), totalHours: schedule.totalHours };
}

export function planOf(schedules: readonly ScheduleState[], workDate: string, zone: string): DayPlan {
  const schedule = scheduleOn(schedules, workDate);
  if (!schedule) return { kind: 'no-schedule' };
  if (schedule.restDays.includes(weekdayOf(workDate))) return { kind: 'rest-day' };
  return { kind: 'working', shift: shiftOn(schedule, workDate, zone) };
}
