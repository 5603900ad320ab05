import { daylightSavingMinutes, scheduleOn, weekdayOf, type ScheduleState, type Weekday } from '@ams/contracts';
import { shiftOn } from '@ams/work-time';
import type { DayPlan } from './day-figures.ts';

/** Minutes from a wall-clock start to a wall-clock off time (HH:mm…), an off time at or before the start being the next day's. */
export function wallClockMinutes(startTime: string, offTime: string): number {
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const span = minutesOf(offTime) - minutesOf(startTime);
  return span > 0 ? span : span + 24 * 60;
}

/** The shift attendance fixed for a clocked day (instants, ms) and the paid hours it planned; null: recorded without a schedule. */
export type ClockedShift = { start: number; end: number; hours: number | null } | null;

/**
 * Plans dates from schedules in a zone. Shifts are placed in the company's zone (09:00 stays 09:00 across
 * daylight saving; an off time at or before the start ends the next day) and the scheduled minutes follow
 * the real length of the night: a shift across the spring-forward hour plans an hour less. Placed shifts are
 * remembered by zone, date and times, which many employees share.
 */
export function createDayPlanner(): (schedules: readonly ScheduleState[], workDate: string, zone: string, clocked?: ClockedShift | 'unknown') => DayPlan {
  // Placed shifts by zone, date and times (shared by many employees), with how far the night's real length
  // differs from its wall-clock length; weekdays by date.
  const placed = new Map<string, { start: number; end: number; daylightSavingMinutes: number }>();
  const weekdays = new Map<string, Weekday>();
  const shiftLengths = new Map<string, number>();
  // A clocked day is counted against the shift attendance fixed when it started, whatever the schedule says now.
  const clockedPlan = (clocked: ClockedShift, zone: string): DayPlan => {
    if (clocked === null) return { kind: 'no-schedule' };
    const key = `${zone}|${clocked.start}|${clocked.end}`;
    let daylightSaving = shiftLengths.get(key);
    if (daylightSaving === undefined) shiftLengths.set(key, (daylightSaving = daylightSavingMinutes(clocked.start, clocked.end, zone)));
    const scheduledMinutes = Math.max(0, Math.round((clocked.hours ?? 0) * 60) + daylightSaving);
    return { kind: 'working', shift: { start: clocked.start, end: clocked.end, scheduledMinutes } };
  };
  return (schedules, workDate, zone, clocked = 'unknown') => {
    if (clocked !== 'unknown') return clockedPlan(clocked, zone);
    const schedule = scheduleOn(schedules, workDate);
    if (!schedule) return { kind: 'no-schedule' };
    let weekday = weekdays.get(workDate);
    if (weekday === undefined) weekdays.set(workDate, (weekday = weekdayOf(workDate)));
    if (schedule.restDays.includes(weekday)) return { kind: 'rest-day' };
    const key = `${zone}|${workDate}|${schedule.startTime}|${schedule.offTime}`;
    let shift = placed.get(key);
    if (!shift) {
      const { start, end } = shiftOn(schedule, workDate, zone);
      const instants = { start: Date.parse(start), end: Date.parse(end) };
      shift = {
        ...instants,
        daylightSavingMinutes: Math.round((instants.end - instants.start) / 60_000) - wallClockMinutes(schedule.startTime, schedule.offTime),
      };
      placed.set(key, shift);
    }
    const scheduledMinutes = Math.max(0, Math.round(schedule.totalHours * 60) + shift.daylightSavingMinutes);
    return { kind: 'working', shift: { start: shift.start, end: shift.end, scheduledMinutes } };
  };
}
