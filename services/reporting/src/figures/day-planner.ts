import type { ScheduleState } from '@ams/contracts';
import { scheduleOn, shiftOn, weekdayOf } from '@ams/work-time';
import type { DayPlan } from './day-figures.ts';

/** Minutes from a wall-clock start to a wall-clock off time (HH:mm…), an off time at or before the start being the next day's. */
export function wallClockMinutes(startTime: string, offTime: string): number {
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const span = minutesOf(offTime) - minutesOf(startTime);
  return span > 0 ? span : span + 24 * 60;
}

/**
 * Plans dates from schedules in a zone. Shifts are placed in the company's zone (09:00 stays 09:00 across
 * daylight saving; an off time at or before the start ends the next day) and the scheduled minutes follow
 * the real length of the night: a shift across the spring-forward hour plans an hour less. Placed shifts are
 * remembered by zone, date and times, which many employees share.
 */
export function createDayPlanner(): (schedules: readonly ScheduleState[], workDate: string, zone: string) => DayPlan {
  const placed = new Map<string, { start: number; end: number }>();
  return (schedules, workDate, zone) => {
    const schedule = scheduleOn(schedules, workDate);
    if (!schedule) return { kind: 'no-schedule' };
    if (schedule.restDays.includes(weekdayOf(workDate))) return { kind: 'rest-day' };
    const key = `${zone}|${workDate}|${schedule.startTime}|${schedule.offTime}`;
    let instants = placed.get(key);
    if (!instants) {
      const shift = shiftOn(schedule, workDate, zone);
      instants = { start: Date.parse(shift.start), end: Date.parse(shift.end) };
      placed.set(key, instants);
    }
    const realMinutes = Math.round((instants.end - instants.start) / 60_000);
    const scheduledMinutes = Math.max(0, Math.round(schedule.totalHours * 60) + realMinutes - wallClockMinutes(schedule.startTime, schedule.offTime));
    return { kind: 'working', shift: { ...instants, scheduledMinutes } };
  };
}
