import { z } from 'zod';
import { eventsCarrying } from '../state-events.ts';
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

export const leaveEvents = eventsCarrying(leaveStateV1, [
  'leave.LeaveRequested',
  'leave.LeaveChanged',
  'leave.LeaveApproved',
  'leave.LeaveDeclined',
  'leave.LeaveWithdrawn',
]);
export type LeaveEventType = keyof typeof leaveEvents;
