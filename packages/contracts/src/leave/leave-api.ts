import { z } from 'zod';
import { employeeRecordHead } from '../employee-record.ts';
import { listQuerySchema } from '../identity/identity-api.ts';
import { formatMessage, message } from '../messages/message-format.ts';
import { leaveStatuses } from './leave-statuses.ts';

const id = z.uuid(message('invalidId'));

export { leaveStatuses };
export type LeaveStatus = (typeof leaveStatuses)[number];

/** Spec §8. */
export const NO_LEAVE_FOUND = formatMessage('noLeaveFound');

const leaveFieldsSchema = z.object({
  leaveTypeId: z.uuid(message('leaveTypeIsRequired')),
  from: z.iso.date(message('fromMustBeADate')),
  to: z.iso.date(message('toMustBeADate')),
  reason: z.string(message('reasonIsRequired')).trim().min(1, message('reasonIsRequired')).max(1000, message('reasonMustBeAtMost1000Characters')),
  /** The first day back at work. */
  returnDate: z.iso.date(message('returnDateMustBeADate')),
});
const inOrder = (body: { from?: string; to?: string }) => !body.from || !body.to || body.from <= body.to;
const returnsAfter = (body: { to?: string; returnDate?: string }) => !body.to || !body.returnDate || body.returnDate > body.to;

/** An employee's own request (create and edit while pending). */
export const leaveRequestSchema = leaveFieldsSchema
  .refine(inOrder, { message: message('leaveEndsBeforeItStarts'), path: ['to'] })
  .refine(returnsAfter, { message: message('returnDateNotAfterLeave'), path: ['returnDate'] });
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

/** An admin's decision. */
export const leaveDecisionSchema = z.object({
  status: z.enum(['approved', 'declined'], message('chooseApproveOrDecline')),
  comment: z.string().trim().max(1000, message('commentMustBeAtMost1000Characters')).optional(),
});
export type LeaveDecision = z.infer<typeof leaveDecisionSchema>;

export const leaveSchema = z.object({
  ...employeeRecordHead,
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
  from: z.iso.date(message('fromMustBeADate')).optional(),
  to: z.iso.date(message('toMustBeADate')).optional(),
});
export type LeaveListQuery = z.infer<typeof leaveListQuerySchema>;
export const myLeaveListQuerySchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({ status: z.enum(leaveStatuses).optional() });

/** A calendar month, YYYY-MM. */
export const isoMonthSchema = z.string(message('monthMustBeAMonth')).regex(/^\d{4}-(0[1-9]|1[0-2])$/, message('monthMustBeAMonth'));

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
