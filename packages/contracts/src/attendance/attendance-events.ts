import { z } from 'zod';
import { arrivalStatuses, attendanceStatuses, departureStatuses, presenceStates } from './attendance-api.ts';
import { workDayFigures } from './work-day-figures.ts';

/**
 * Attendance's integration event (topic ams.attendance, key = employee id): the work day's whole state
 * after each change, for reporting's read models (attendance and overtime reports, dashboards).
 */
export const workDayChangedV1 = z.object({
  workDayId: z.uuid(),
  employeeId: z.uuid(),
  companyId: z.uuid(),
  workDate: z.iso.date(),
  /** The work-day event that made this change, e.g. ClockedIn, AttendanceAmended. */
  change: z.string(),
  /** Null once the day was deleted. */
  state: z.enum([...presenceStates, 'deleted']),
  timeIn: z.string().nullable(),
  ...workDayFigures,
  /** One status for the day (early departure over late arrival over on time): what the first producers sent. */
  status: z.enum(attendanceStatuses).nullable(),
  /** Both statuses apart; optional because events published before they existed lack them. */
  arrivalStatus: z.enum(arrivalStatuses).nullable().optional(),
  departureStatus: z.enum(departureStatuses).nullable().optional(),
  scheduledHours: z.number().nullable(),
  /**
   * The shift the day was clocked against, fixed when the day started (instants), so readers count the day as
   * attendance does even after the schedule changed; null for a day recorded without a schedule. Optional:
   * events published before it existed lack it (readers then plan the day from the schedule).
   */
  shift: z.object({ start: z.string(), end: z.string() }).nullable().optional(),
  actorId: z.string().nullable(),
  reason: z.string().nullable(),
  /** A time the day still holds was recorded offline by a kiosk. Optional: events published before it existed lack it. */
  recordedOffline: z.boolean().optional(),
});
export type WorkDayChanged = z.infer<typeof workDayChangedV1>;
export const WORK_DAY_CHANGED = 'attendance.WorkDayChanged';
