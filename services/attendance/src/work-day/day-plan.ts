import { DateTime } from 'luxon';
import { addDays, localDateOf, type ScheduleState } from '@ams/contracts';
import { planOf } from '@ams/work-time';

/**
 * The work date a check-in at `now` belongs to: yesterday's while yesterday's (overnight) shift is still
 * running, else today's in the company's zone. A shift that starts in the evening belongs to the date it started.
 */
export function checkInDate(schedules: readonly ScheduleState[], now: string, zone: string): string {
  const today = localDateOf(now, zone);
  const yesterday = addDays(today, -1);
  const plan = planOf(schedules, yesterday, zone);
  return plan.kind === 'working' && Date.parse(now) < Date.parse(plan.shift.end) ? yesterday : today;
}

/** Spec §9 timeFormat: 1 shows 24-hour times, 2 shows 12-hour times. */
export function timeFormatter(zone: string, timeFormat: 1 | 2): (instant: string) => string {
  return (instant) =>
    DateTime.fromISO(instant, { zone: 'UTC' })
      .setZone(zone)
      .toFormat(timeFormat === 1 ? 'HH:mm' : 'h:mm a');
}
