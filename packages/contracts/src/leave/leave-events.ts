import { z } from 'zod';
import { leaveStatuses } from './leave-api.ts';

/** Leave's integration events (topic ams.leave, key = employee id); each carries the request's whole state. */
export const leaveStateV1 = z.object({
  leaveId: z.uuid(),
  employeeId: z.uuid(),
  companyId: z.uuid(),
  leaveTypeId: z.uuid(),
  from: z.iso.date(),
  to: z.iso.date(),
  returnDate: z.iso.date(),
  reason: z.string(),
  workingDays: z.number().int(),
  status: z.enum(leaveStatuses),
  comment: z.string().nullable(),
  decidedBy: z.string().nullable(),
});
export type LeaveState = z.infer<typeof leaveStateV1>;

export const leaveEvents = {
  'leave.LeaveRequested': leaveStateV1,
  'leave.LeaveChanged': leaveStateV1,
  'leave.LeaveApproved': leaveStateV1,
  'leave.LeaveDeclined': leaveStateV1,
  'leave.LeaveWithdrawn': leaveStateV1,
} as const;
export type LeaveEventType = keyof typeof leaveEvents;
