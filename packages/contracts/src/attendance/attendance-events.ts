import { z } from 'zod';
import { attendanceStatuses, presenceStates } from './attendance-api.ts';

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
  breakIn: z.string().nullable(),
  breakOut: z.string().nullable(),
  timeOut: z.string().nullable(),
  totalHours: z.number().nullable(),
  overtimeHours: z.number(),
  lateMinutes: z.number().int(),
  status: z.enum(attendanceStatuses).nullable(),
  scheduledHours: z.number().nullable(),
  actorId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type WorkDayChanged = z.infer<typeof workDayChangedV1>;
export const WORK_DAY_CHANGED = 'attendance.WorkDayChanged';
