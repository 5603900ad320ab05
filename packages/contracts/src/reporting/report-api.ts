import { z } from 'zod';
import { employmentStatuses } from '../people/employee-enums.ts';
import { presenceStates } from '../attendance/presence-states.ts';
import { leaveStatuses } from '../leave/leave-statuses.ts';
import { accountTypes } from '../access.ts';
import { userStatuses } from '../identity/identity-api.ts';
import { message } from '../messages/message-format.ts';
import { reportScheduleSchema } from './report-schedule.ts';

const id = z.uuid(message('invalidId'));
const monthMessage = message('reportMonthNumber');

/** How a day counts in the reports: worked, an absence (a scheduled working day without attendance or approved leave), or leave. */
export const dayMarks = ['present', 'absent', 'leave'] as const;
export type DayMark = (typeof dayMarks)[number];

/**
 * Every report's filters, in one schema (the SPA's typed client multiplies the table's distinct query types,
 * so the reports share one): the caller's companies only; dates are work dates in each company's time zone.
 * Each report reads the filters that apply to it.
 */
export const reportQuerySchema = z.object({
  companyId: id.optional(),
  departmentId: id.optional(),
  employeeId: id.optional(),
  /** Default: the first day of the current month (UTC). */
  from: z.iso.date(message('fromMustBeADate')).optional(),
  /** Default: today (UTC). At most 366 days after `from`. */
  to: z.iso.date(message('toMustBeADate')).optional(),
  /** employee-birthdays: 1–12 (without it, every month). */
  month: z.coerce.number(monthMessage).int(monthMessage).min(1, monthMessage).max(12, monthMessage).optional(),
  /** employee-schedule: the schedules in force on this date (default today, UTC). */
  date: z.iso.date(message('dateMustBeADateYyyyMm')).optional(),
  /** employee-leaves. */
  leaveStatus: z.enum([...leaveStatuses, 'withdrawn']).optional(),
  /** employee-list. */
  employmentStatus: z.enum(employmentStatuses).optional(),
  /** user-accounts. */
  accountType: z.enum(accountTypes).optional(),
  userStatus: z.enum(userStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const period = { from: z.string(), to: z.string() };
const employeeRef = { employeeId: id, employeeName: z.string(), companyId: id, departmentId: id, departmentName: z.string().nullable() };

/** A day's or a period's figures by the company's rules: scheduled and worked hours, break, lateness, early departure and overtime. */
const figures = {
  scheduledHours: z.number(),
  workedHours: z.number(),
  breakMinutes: z.number().int(),
  lateMinutes: z.number().int(),
  earlyDepartureMinutes: z.number().int(),
  overtimeHours: z.number(),
};

/** Sums over every row of the period (not only the page's). */
export const reportTotalsSchema = z.object({
  daysWorked: z.number().int(),
  absences: z.number().int(),
  leaveDays: z.number().int(),
  lateArrivals: z.number().int(),
  earlyDepartures: z.number().int(),
  ...figures,
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

/** One employee's day: scheduled and worked hours, break, lateness, early departure and overtime by the company's rules. */
export const attendanceOvertimeRowSchema = z.object({
  ...employeeRef,
  workDate: z.string(),
  mark: z.enum(dayMarks),
  /** Instants (UTC) of the day's punches; null on an absence or leave. */
  timeIn: z.string().nullable(),
  breakIn: z.string().nullable(),
  breakOut: z.string().nullable(),
  timeOut: z.string().nullable(),
  ...figures,
  /** The day was recorded or corrected by an admin (with this reason). */
  correctionReason: z.string().nullable(),
  /** A time of the day was recorded offline by a kiosk and replayed later: it rests on the kiosk's clock. */
  recordedOffline: z.boolean(),
});
export type AttendanceOvertimeRow = z.infer<typeof attendanceOvertimeRowSchema>;
export const attendanceOvertimeReportSchema = z.object({
  ...period,
  items: z.array(attendanceOvertimeRowSchema),
  total: z.number().int(),
  totals: reportTotalsSchema,
});

/** One employee over the period. */
export const consolidatedOvertimeRowSchema = z.object({ ...employeeRef, ...reportTotalsSchema.shape });
export type ConsolidatedOvertimeRow = z.infer<typeof consolidatedOvertimeRowSchema>;
export const consolidatedOvertimeReportSchema = z.object({
  ...period,
  items: z.array(consolidatedOvertimeRowSchema),
  total: z.number().int(),
  totals: reportTotalsSchema,
});

/** One company of the caller's, or all of them (the admin dashboard, the organisation profile). */
export const companyFilterSchema = z.object({ companyId: id.optional() });

// ── Dashboards ─────────────────────────────────────────────────────────────

export { adminDashboardSchema, type AdminDashboard } from './admin-dashboard-api.ts';

const hoursSchema = z.object({
  workedHours: z.number(),
  overtimeHours: z.number(),
  daysWorked: z.number().int(),
  absences: z.number().int(),
  leaveDays: z.number().int(),
});

export const personalDashboardSchema = z.object({
  asOf: z.string(),
  /** Null for an account linked to no employee. */
  employeeId: id.nullable(),
  today: z
    .object({
      workDate: z.string(),
      /** 'not-in': no punch before the shift's end, 'absent' after it; 'rest-day' / 'leave' / 'no-schedule' when nothing is expected. */
      status: z.enum([...presenceStates, 'not-in', 'absent', 'rest-day', 'leave', 'no-schedule']),
      timeIn: z.string().nullable(),
      timeOut: z.string().nullable(),
      shiftStart: z.string().nullable(),
      shiftEnd: z.string().nullable(),
    })
    .nullable(),
  previousAttendances: z.array(attendanceOvertimeRowSchema),
  schedule: reportScheduleSchema.nullable(),
  leaves: z.array(
    z.object({
      leaveId: id,
      leaveTypeName: z.string().nullable(),
      from: z.string(),
      to: z.string(),
      workingDays: z.number().int(),
      status: z.enum([...leaveStatuses, 'withdrawn']),
    }),
  ),
  week: hoursSchema,
  month: hoursSchema,
});
export type PersonalDashboard = z.infer<typeof personalDashboardSchema>;
