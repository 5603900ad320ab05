import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import {
  calendarDays,
  countWorkingDays,
  fullName,
  monthRange,
  type Leave,
  type LeaveCalendarQuery,
  type LeaveDecision,
  type LeaveListQuery,
  type LeaveRequest,
  type LeaveStatus,
} from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { allowedLeaveTypes, findDirectoryEmployee, leaveTypeAllowed, leaveTypeNameOf, schedulesCovering, type DirectoryEmployee } from '@ams/directory';
import { AppError, invalidField, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { LeaveContext } from '../context.ts';
import {
  deleteLeave,
  findLeave,
  findOwnLeave,
  insertLeave,
  listLeaves,
  listLeavesOff,
  listOwnLeaves,
  lockEmployeeLeaves,
  overlapsAnotherLeave,
  setDecision,
  updateLeaveRequest,
  type LeaveRequestValues,
  type LeaveRow,
} from './leave-repository.ts';
import { leaveEvent, leaveView } from './leave-view.ts';

/** A year, leap day included: longer requests are mistakes, and the day count stays cheap. */
const MAX_CALENDAR_DAYS = 366;

type Page = { items: Leave[]; total: number };

function pageOf({ rows, total }: { rows: LeaveRow[]; total: number }): Page {
  return { items: rows.map(leaveView), total };
}

async function reloadLeave(tx: PoolClient, id: string): Promise<LeaveRow> {
  const row = await findLeave(tx, id, { kind: 'all' });
  if (!row) throw new AppError('not_found', 'noLeaveFound');
  return row;
}

/** The caller's employee id on reads and changes: a user without one has no leave to see. */
function ownEmployeeId(caller: SignedInPrincipal): string {
  if (caller.employeeId === null) throw new AppError('not_found', 'noLeaveFound');
  return caller.employeeId;
}

/** The employee asking for leave, as the directory knows them now. */
async function requestingEmployee(tx: PoolClient, caller: SignedInPrincipal): Promise<DirectoryEmployee> {
  if (caller.employeeId === null) throw new AppError('forbidden', 'accountNotLinked');
  const employee = await findDirectoryEmployee(tx, caller.employeeId);
  if (!employee) throw new AppError('forbidden', 'accountNotLinked');
  if (employee.employmentStatus === 'archived') throw new AppError('forbidden', 'archivedEmployeeNoLeave');
  return employee;
}

/**
 * The request's rules, checked under the employee's lock: a type the leave group allows, a length
 * within bounds, at least one working day, and no other pending or approved request on its days.
 */
async function checkedRequest(tx: PoolClient, employee: DirectoryEmployee, body: LeaveRequest, editing: string | null): Promise<LeaveRequestValues> {
  const leaveTypeName = await leaveTypeNameOf(tx, body.leaveTypeId);
  if (leaveTypeName === null || !(await leaveTypeAllowed(tx, employee.employeeId, body.leaveTypeId))) {
    throw invalidField('leaveTypeId', 'leaveTypeNotAllowed');
  }
  if (calendarDays(body.from, body.to) > MAX_CALENDAR_DAYS) {
    throw invalidField('to', 'leaveTooLong');
  }
  const workingDays = countWorkingDays(body.from, body.to, await schedulesCovering(tx, employee.employeeId, body.from, body.to));
  if (workingDays === 0) throw new AppError('validation_failed', 'leaveNoWorkingDays');
  if (await overlapsAnotherLeave(tx, employee.employeeId, body.from, body.to, editing)) throw new AppError('conflict', 'leaveOverlaps');
  return {
    leaveTypeId: body.leaveTypeId,
    employeeName: fullName(employee),
    leaveTypeName,
    from: body.from,
    to: body.to,
    returnDate: body.returnDate,
    reason: body.reason,
    workingDays,
  };
}

/** The caller's own request, locked, and only while nobody has decided it. */
async function ownPendingLeave(tx: PoolClient, employeeId: string, id: string): Promise<LeaveRow> {
  const row = await findOwnLeave(tx, id, employeeId, { forUpdate: true });
  if (!row) throw new AppError('not_found', 'noLeaveFound');
  if (row.status !== 'pending') throw new AppError('conflict', 'leaveDecidedNoChange');
  return row;
}

// Personal routes: the signed-in employee's own requests.

export async function listMyLeaves(
  ctx: LeaveContext,
  caller: SignedInPrincipal,
  query: { status?: LeaveStatus | undefined; page: number; pageSize: number },
): Promise<Page> {
  return pageOf(await listOwnLeaves(ctx.pool, ownEmployeeId(caller), query));
}

/** The types the caller may request: those their leave group lists (none for a user without an employee). */
export async function listMyLeaveTypes(ctx: LeaveContext, caller: SignedInPrincipal): Promise<{ items: Array<{ id: string; name: string }> }> {
  if (caller.employeeId === null) return { items: [] };
  return { items: await allowedLeaveTypes(ctx.pool, caller.employeeId) };
}

export async function getMyLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string): Promise<Leave> {
  const row = await findOwnLeave(ctx.pool, id, ownEmployeeId(caller));
  if (!row) throw new AppError('not_found', 'noLeaveFound');
  return leaveView(row);
}

export async function requestLeave(ctx: LeaveContext, caller: SignedInPrincipal, body: LeaveRequest): Promise<Leave> {
  if (caller.employeeId === null) throw new AppError('forbidden', 'accountNotLinked');
  const employeeId = caller.employeeId;
  return withOutbox(ctx, async (tx, record) => {
    await lockEmployeeLeaves(tx, employeeId);
    const employee = await requestingEmployee(tx, caller);
    const values = await checkedRequest(tx, employee, body, null);
    const id = randomUUID();
    await insertLeave(tx, id, employee, values, ctx.now());
    const row = await reloadLeave(tx, id);
    record(leaveEvent('leave.LeaveRequested', row, ctx.now()));
    return leaveView(row);
  });
}

export async function changeMyLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string, body: LeaveRequest): Promise<Leave> {
  const employeeId = ownEmployeeId(caller);
  return withOutbox(ctx, async (tx, record) => {
    await lockEmployeeLeaves(tx, employeeId);
    await ownPendingLeave(tx, employeeId, id);
    const employee = await requestingEmployee(tx, caller);
    const values = await checkedRequest(tx, employee, body, id);
    await updateLeaveRequest(tx, id, values, ctx.now());
    const row = await reloadLeave(tx, id);
    record(leaveEvent('leave.LeaveChanged', row, ctx.now()));
    return leaveView(row);
  });
}

/** The request is removed; its last state travels in leave.LeaveWithdrawn. */
export async function withdrawMyLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string): Promise<void> {
  const employeeId = ownEmployeeId(caller);
  await withOutbox(ctx, async (tx, record) => {
    const row = await ownPendingLeave(tx, employeeId, id);
    await deleteLeave(tx, id);
    record(leaveEvent('leave.LeaveWithdrawn', row, ctx.now()));
  });
}

// Admin routes: every leave of the caller's company (SuperAdmin: every company).

export async function listLeavePage(ctx: LeaveContext, caller: SignedInPrincipal, query: LeaveListQuery): Promise<Page> {
  return pageOf(await listLeaves(ctx.pool, scopeOf(caller), query));
}

/** Who is off in the month: pending and approved leave, whole, in start-date order. */
export async function leaveCalendar(ctx: LeaveContext, caller: SignedInPrincipal, query: LeaveCalendarQuery): Promise<{ items: Leave[] }> {
  const rows = await listLeavesOff(ctx.pool, scopeOf(caller), { ...monthRange(query.month), companyId: query.companyId, departmentId: query.departmentId });
  return { items: rows.map(leaveView) };
}

export async function getLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string): Promise<Leave> {
  const row = await findLeave(ctx.pool, id, scopeOf(caller));
  if (!row) throw new AppError('not_found', 'noLeaveFound');
  return leaveView(row);
}

const decisionEvents = { approved: 'leave.LeaveApproved', declined: 'leave.LeaveDeclined' } as const;

export async function decideLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string, decision: LeaveDecision): Promise<Leave> {
  return withOutbox(ctx, async (tx, record) => {
    const before = await findLeave(tx, id, scopeOf(caller), { forUpdate: true });
    if (!before) throw new AppError('not_found', 'noLeaveFound');
    if (caller.employeeId !== null && caller.employeeId === before.employeeId) throw new AppError('forbidden', 'ownLeaveDecision');
    if (before.status !== 'pending') throw new AppError('conflict', 'leaveAlreadyDecided');
    await setDecision(tx, id, { status: decision.status, comment: decision.comment || null, decidedBy: caller.userId }, ctx.now());
    const row = await reloadLeave(tx, id);
    record(leaveEvent(decisionEvents[decision.status], row, ctx.now()));
    return leaveView(row);
  });
}
