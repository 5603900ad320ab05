import { newEvent, type EventEnvelope } from '@ams/bus';
import type { Leave, LeaveEventType, LeaveState } from '@ams/contracts';
import type { LeaveRow } from './leave-repository.ts';

/** The API's leave; who decided stays internal (it travels in the events). */
export function leaveView(row: LeaveRow): Leave {
  const { decidedBy: _decidedBy, ...fields } = row;
  return {
    ...fields,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The request's whole state, as other services project it (key: the employee, so their leaves keep their order). */
export function leaveEvent(type: LeaveEventType, row: LeaveRow, now: Date): EventEnvelope<LeaveState> {
  return newEvent(
    type,
    row.employeeId,
    {
      leaveId: row.id,
      employeeId: row.employeeId,
      companyId: row.companyId,
      leaveTypeId: row.leaveTypeId,
      from: row.from,
      to: row.to,
      returnDate: row.returnDate,
      reason: row.reason,
      workingDays: row.workingDays,
      status: row.status,
      comment: row.comment,
      decidedBy: row.decidedBy,
    },
    { now },
  );
}
