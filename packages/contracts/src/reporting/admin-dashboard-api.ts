/** The admin dashboard's answer, in a module of its own: the SPA checks it at first load without the reports' schemas (bench/frontend.ts). */
import { z } from 'zod';
import { message } from '../messages/message-format.ts';
import { employmentStatuses } from '../people/employee-enums.ts';
import { presenceStates } from '../attendance/presence-states.ts';

const id = z.uuid(message('invalidId'));

const countsSchema = { active: z.number().int(), archived: z.number().int() };
const presenceEntrySchema = z.object({
  employeeId: id,
  employeeName: z.string(),
  companyId: id,
  workDate: z.string().nullable(),
  since: z.string().nullable(),
});
/** Everyone's count, and the 100 most recent (by their latest punch, or their shift start when absent). */
const presenceListSchema = z.object({ count: z.number().int(), items: z.array(presenceEntrySchema) });

export const adminDashboardSchema = z.object({
  asOf: z.string(),
  employees: z.object({
    ...countsSchema,
    byCompany: z.array(z.object({ companyId: id, companyName: z.string().nullable(), ...countsSchema })),
    byDepartment: z.array(z.object({ departmentId: id, departmentName: z.string().nullable(), companyId: id, ...countsSchema })),
  }),
  newestEmployees: z.array(
    z.object({
      employeeId: id,
      employeeName: z.string(),
      companyId: id,
      departmentName: z.string().nullable(),
      jobTitleName: z.string().nullable(),
      employmentStatus: z.enum(employmentStatuses),
      createdAt: z.string(),
    }),
  ),
  /**
   * Right now: in (working or back from a break), on a break, gone for the day, not in yet (their shift started and
   * has not ended, no punch, no leave) and absent (their shift ended without a punch or leave): the rule of
   * `absenceOf` (packages/work-time) the personal dashboard and the reports follow too.
   */
  presence: z.object({
    working: presenceListSchema,
    onBreak: presenceListSchema,
    gone: presenceListSchema,
    notIn: presenceListSchema,
    absent: presenceListSchema,
  }),
  /** Everyone late today (count), the 100 latest arrivals among them. */
  lateToday: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({ employeeId: id, employeeName: z.string(), companyId: id, workDate: z.string(), timeIn: z.string(), lateMinutes: z.number().int() }),
    ),
  }),
  recentAttendances: z.array(
    z.object({
      workDayId: id,
      employeeId: id,
      employeeName: z.string(),
      workDate: z.string(),
      timeIn: z.string(),
      timeOut: z.string().nullable(),
      state: z.enum(presenceStates),
    }),
  ),
  pendingLeaves: z.array(
    z.object({
      leaveId: id,
      employeeId: id,
      employeeName: z.string(),
      leaveTypeName: z.string().nullable(),
      from: z.string(),
      to: z.string(),
      workingDays: z.number().int(),
      requestedAt: z.string(),
    }),
  ),
  /** The last 30 days (today included), per work date: employees present, absent, on leave, and late arrivals. */
  series: z.array(z.object({ date: z.string(), present: z.number().int(), absent: z.number().int(), leave: z.number().int(), late: z.number().int() })),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
