import { z } from 'zod';
import { listQuerySchema } from '../identity/identity-api.ts';
import { formatMessage } from '../messages/message-format.ts';
import { leaveStatuses } from './leave-statuses.ts';

const id = z.uuid('Invalid id');
const required = (label: string) => `${label} is required`;
const date = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);

export { leaveStatuses };
export type LeaveStatus = (typeof leaveStatuses)[number];

/** Spec §8. */
export const NO_LEAVE_FOUND = formatMessage('noLeaveFound');

const leaveFieldsSchema = z.object({
  leaveTypeId: z.uuid(required('Leave type')),
  from: date('From'),
  to: date('To'),
  reason: z.string(required('Reason')).trim().min(1, required('Reason')).max(1000, 'Reason must be at most 1000 characters'),
  /** The first day back at work. */
  returnDate: date('Return date'),
});
const inOrder = (body: { from?: string; to?: string }) => !body.from || !body.to || body.from <= body.to;
const returnsAfter = (body: { to?: string; returnDate?: string }) => !body.to || !body.returnDate || body.returnDate > body.to;

/** An employee's own request (create and edit while pending). */
export const leaveRequestSchema = leaveFieldsSchema
  .refine(inOrder, { message: 'The leave cannot end before it starts', path: ['to'] })
  .refine(returnsAfter, { message: 'The return date must be after the leave', path: ['returnDate'] });
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

/** An admin's decision. */
export const leaveDecisionSchema = z.object({
  status: z.enum(['approved', 'declined'], 'Choose approve or decline'),
  comment: z.string().trim().max(1000, 'Comment must be at most 1000 characters').optional(),
});
export type LeaveDecision = z.infer<typeof leaveDecisionSchema>;

export const leaveSchema = z.object({
  id,
  employeeId: id,
  employeeName: z.string(),
  companyId: id,
  /** The employee's department now (null once the directory no longer has the employee). */
  departmentId: id.nullable(),
  leaveTypeId: id,
  leaveTypeName: z.string(),
  from: z.string(),
  to: z.string(),
  returnDate: z.string(),
  reason: z.string(),
  /** Days of the leave that are working days of the employee's schedule (rest days do not count). */
  workingDays: z.number().int(),
  status: z.enum(leaveStatuses),
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Leave = z.infer<typeof leaveSchema>;
export const leaveListSchema = z.object({ items: z.array(leaveSchema), total: z.number().int() });

export const leaveListQuerySchema = listQuerySchema.extend({
  status: z.enum(leaveStatuses).optional(),
  employeeId: id.optional(),
  leaveTypeId: id.optional(),
  companyId: id.optional(),
  departmentId: id.optional(),
  /** Leaves overlapping [from, to]. */
  from: date('From').optional(),
  to: date('To').optional(),
});
export type LeaveListQuery = z.infer<typeof leaveListQuerySchema>;
export const myLeaveListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({ status: z.enum(leaveStatuses).optional() });

/** A calendar month, YYYY-MM. */
export const isoMonthSchema = z.string('Month must be a month (YYYY-MM)').regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month (YYYY-MM)');

/** Who is off in a month: the pending and approved leaves sharing a day with it. */
export const leaveCalendarQuerySchema = z.object({
  month: isoMonthSchema,
  companyId: id.optional(),
  departmentId: id.optional(),
});
export type LeaveCalendarQuery = z.infer<typeof leaveCalendarQuerySchema>;
export const leaveCalendarSchema = z.object({ items: z.array(leaveSchema) });

/** The leave types the signed-in employee's leave group lets them request. */
export const myLeaveTypesSchema = z.object({ items: z.array(z.object({ id, name: z.string() })) });
export type MyLeaveType = z.infer<typeof myLeaveTypesSchema>['items'][number];
