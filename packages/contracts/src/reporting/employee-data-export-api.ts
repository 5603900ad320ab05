import { z } from 'zod';
import { employeeSnapshotV1 } from '../people/people-events.ts';

/**
 * Everything the product holds about one employee (GDPR Art. 15 and 20), as reporting's read models keep it:
 * the employee record, the user accounts linked to it, schedules, leave requests and work days with their
 * punches. The photo is served by its own route; the face template and PIN hash are never exported (they are
 * not readable data about the person, only means of recognising them), but whether they exist is.
 */
const id = z.uuid();
const instant = z.string();
const date = z.iso.date();

export const exportedUserAccountSchema = z.object({
  userId: id,
  name: z.string(),
  email: z.string(),
  accountType: z.string(),
  status: z.string(),
  lastSignInAt: instant.nullable(),
});
export const exportedScheduleSchema = z.object({
  scheduleId: id,
  startTime: z.string(),
  offTime: z.string(),
  totalHours: z.number(),
  restDays: z.array(z.string()),
  fromDate: date,
  toDate: date.nullable(),
  status: z.string(),
  cancelled: z.boolean(),
});
export const exportedLeaveSchema = z.object({
  leaveId: id,
  leaveType: z.string().nullable(),
  fromDate: date,
  toDate: date,
  returnDate: date,
  reason: z.string(),
  workingDays: z.number().int(),
  status: z.string(),
  comment: z.string().nullable(),
  requestedAt: instant,
});
export const exportedWorkDaySchema = z.object({
  workDayId: id,
  workDate: date,
  state: z.string(),
  timeIn: instant,
  breakIn: instant.nullable(),
  breakOut: instant.nullable(),
  timeOut: instant.nullable(),
  reason: z.string().nullable(),
});

export const employeeDataExportSchema = z.object({
  exportedAt: instant,
  employee: employeeSnapshotV1.extend({ companyName: z.string().nullable(), departmentName: z.string().nullable(), jobTitleName: z.string().nullable() }),
  userAccounts: z.array(exportedUserAccountSchema),
  schedules: z.array(exportedScheduleSchema),
  leaves: z.array(exportedLeaveSchema),
  workDays: z.array(exportedWorkDaySchema),
});
export type EmployeeDataExport = z.infer<typeof employeeDataExportSchema>;
