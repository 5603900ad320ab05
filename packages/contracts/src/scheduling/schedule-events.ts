import { z } from 'zod';
import { eventsCarrying } from '../state-events.ts';
import { scheduleStatuses, weekdays } from './schedule-api.ts';

/**
 * Scheduling's integration events (topic ams.schedule, key = employee id, so one employee's schedule
 * changes keep their order). Each carries the schedule's whole state: attendance decides from it whether
 * a day is a working day and when the shift starts and ends; leave counts working days with it.
 */
export const scheduleStateV1 = z.object({
  scheduleId: z.uuid(),
  employeeId: z.uuid(),
  companyId: z.uuid(),
  /** Wall-clock times of the company's time zone, HH:mm:ss.SSSZ. */
  startTime: z.string(),
  offTime: z.string(),
  totalHours: z.number(),
  restDays: z.array(z.enum(weekdays)),
  fromDate: z.iso.date(),
  toDate: z.iso.date().nullable(),
  /** As it stood when the event happened; consumers decide by the dates, which keep holding as time turns. */
  status: z.enum(scheduleStatuses),
});
export type ScheduleState = z.infer<typeof scheduleStateV1>;

export const scheduleEvents = eventsCarrying(scheduleStateV1, [
  'schedule.ScheduleAssigned',
  'schedule.ScheduleChanged',
  // Closed because another replaced it, or archived by an admin.
  'schedule.ScheduleEnded',
  // An upcoming schedule dropped before it started (its employee was archived): consumers forget it.
  'schedule.ScheduleCancelled',
]);
export type ScheduleEventType = keyof typeof scheduleEvents;
