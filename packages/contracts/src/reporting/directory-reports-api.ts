import { z } from 'zod';
import { message } from '../messages/message-format.ts';
import { accountTypes } from '../access.ts';
import { userStatuses } from '../identity/identity-api.ts';
import { leaveStatuses } from '../leave/leave-api.ts';
import { employeeSnapshotV1 } from '../people/people-events.ts';
import { civilStatuses, employmentTypes, genders } from '../people/people-api.ts';
import { reportScheduleSchema } from './report-schedule.ts';

const id = z.uuid(message('invalidId'));
const employeeRef = { employeeId: id, employeeName: z.string(), companyId: id, departmentId: id, departmentName: z.string().nullable() };

// ── 3. Employee attendance ─────────────────────────────────────────────────
export const employeeAttendanceRowSchema = z.object({
  ...employeeRef,
  /** Working days the period planned (present on one, absent or on leave). */
  scheduledDays: z.number().int(),
  daysPresent: z.number().int(),
  absences: z.number().int(),
  leaveDays: z.number().int(),
  lateArrivals: z.number().int(),
  earlyDepartures: z.number().int(),
  workedHours: z.number(),
  /** Present days over present + absent days, in percent (null without either). */
  attendanceRate: z.number().nullable(),
});
export const employeeAttendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(employeeAttendanceRowSchema),
  total: z.number().int(),
  totals: employeeAttendanceRowSchema.omit({ employeeId: true, employeeName: true, companyId: true, departmentId: true, departmentName: true }),
});

// ── 4. Employee birthdays ──────────────────────────────────────────────────
export const birthdayReportSchema = z.object({
  items: z.array(
    z.object({
      ...employeeRef,
      birthday: z.string(),
      month: z.number().int(),
      day: z.number().int(),
      /** The age reached on this year's birthday. */ turns: z.number().int(),
    }),
  ),
  /** Birthdays per month, January first (active employees of the filter, whatever the month asked). */
  perMonth: z.array(z.number().int()).length(12),
});

// ── 5. Employee leaves ─────────────────────────────────────────────────────
export const employeeLeavesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Per employee, leave type and status: the requests sharing a day with the period, and their working days. */
  items: z.array(
    z.object({
      ...employeeRef,
      leaveTypeId: id,
      leaveTypeName: z.string().nullable(),
      status: z.enum([...leaveStatuses, 'withdrawn']),
      requests: z.number().int(),
      workingDays: z.number().int(),
    }),
  ),
  total: z.number().int(),
  totals: z.object({
    requests: z.number().int(),
    workingDays: z.number().int(),
    byStatus: z.record(z.string(), z.object({ requests: z.number().int(), workingDays: z.number().int() })),
  }),
});

// ── 6. Employee list ───────────────────────────────────────────────────────
export const employeeListReportSchema = z.object({
  items: z.array(
    employeeSnapshotV1.extend({
      companyName: z.string().nullable(),
      departmentName: z.string().nullable(),
      jobTitleName: z.string().nullable(),
      age: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
});

// ── 7. Employee schedule ───────────────────────────────────────────────────
export const employeeScheduleReportSchema = z.object({
  date: z.string(),
  items: z.array(
    z.object({
      ...employeeRef,
      schedule: reportScheduleSchema.nullable(),
    }),
  ),
  total: z.number().int(),
  withoutSchedule: z.number().int(),
});

// ── 8. Organisation profile ────────────────────────────────────────────────
export const ageBands = ['under 20', '20–29', '30–39', '40–49', '50–59', '60 and over', 'unknown'] as const;
const tally = <T extends readonly [string, ...string[]]>(keys: T) => z.array(z.object({ key: z.enum(keys), count: z.number().int() }));
export const organisationProfileSchema = z.object({
  companies: z.array(
    z.object({
      companyId: id,
      name: z.string(),
      departments: z.number().int(),
      jobTitles: z.number().int(),
      active: z.number().int(),
      archived: z.number().int(),
    }),
  ),
  departments: z.array(
    z.object({ departmentId: id, name: z.string(), companyId: id, jobTitles: z.number().int(), active: z.number().int(), archived: z.number().int() }),
  ),
  /** Demographics of the active employees. */
  ageBands: tally(ageBands),
  civilStatus: tally([...civilStatuses, 'unknown']),
  gender: tally(genders),
  employmentType: tally(employmentTypes),
});

// ── 9. User accounts ───────────────────────────────────────────────────────
export const userAccountsReportSchema = z.object({
  items: z.array(
    z.object({
      userId: id,
      name: z.string(),
      email: z.string(),
      accountType: z.enum(accountTypes),
      roleName: z.string().nullable(),
      status: z.enum(userStatuses),
      companyId: z.string().nullable(),
      companyName: z.string().nullable(),
      lastSignInAt: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  byAccountType: z.record(z.string(), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
});
