import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import { fullName, NO_LEAVE_FOUND, type Leave, type LeaveDecision, type LeaveListQuery, type LeaveRequest, type LeaveStatus } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { findDirectoryEmployee, leaveTypeAllowed, schedulesCovering, type DirectoryEmployee } from '@ams/directory';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { LeaveContext } from '../context.ts';
import {
  deleteLeave,
  findLeave,
  findLeaveTypeName,
  findOwnLeave,
  insertLeave,
  listLeaves,
  listOwnLeaves,
  lockEmployeeLeaves,
  overlapsAnotherLeave,
  setDecision,
  updateLeaveRequest,
  type LeaveRequestValues,
  type LeaveRow,
} from './leave-repository.ts';
import { leaveEvent, leaveView } from './leave-view.ts';
import { calendarDays, countWorkingDays } from './working-days.ts';

export const NOT_LINKED = 'Your account is not linked to an employee';
export const ARCHIVED_EMPLOYEE = 'An archived employee cannot request leave';
export const TYPE_NOT_ALLOWED = 'Your leave group does not allow this leave type';
export const TOO_LONG = 'A leave can last at most 366 days';
export const NO_WORKING_DAYS = 'The leave has no working days';
export const OVERLAPS = 'This leave overlaps another leave request of yours';
export const DECIDED_NO_CHANGE = 'This leave has already been decided and can no longer be changed';
export const ALREADY_DECIDED = 'This leave has already been decided';
export const OWN_DECISION = 'You cannot decide your own leave request';

/** A year, leap day included: longer requests are mistakes, and the day count stays cheap. */
const MAX_CALENDAR_DAYS = 366;

type Page = { items: Leave[]; total: number };

function pageOf({ rows, total }: { rows: LeaveRow[]; total: number }): Page {
  return { items: rows.map(leaveView), total };
}

async function reloadLeave(tx: PoolClient, id: string): Promise<LeaveRow> {
  const row = await findLeave(tx, id, { kind: 'all' });
  if (!row) throw new AppError('not_found', NO_LEAVE_FOUND);
  return row;
}

/** The caller's employee id on reads and changes: a user without one has no leave to see. */
function ownEmployeeId(caller: SignedInPrincipal): string {
  if (caller.employeeId === null) throw new AppError('not_found', NO_LEAVE_FOUND);
  return caller.employeeId;
}

/** The employee asking for leave, as the directory knows them now. */
async function requestingEmployee(tx: PoolClient, caller: SignedInPrincipal): Promise<DirectoryEmployee> {
  if (caller.employeeId === null) throw new AppError('forbidden', NOT_LINKED);
  const employee = await findDirectoryEmployee(tx, caller.employeeId);
  if (!employee) throw new AppError('forbidden', NOT_LINKED);
  if (employee.employmentStatus === 'archived') throw new AppError('forbidden', ARCHIVED_EMPLOYEE);
  return employee;
}

/**
 * The request's rules, checked under the employee's lock: a type the leave group allows, a length
 * within bounds, at least one working day, and no other pending or approved request on its days.
 */
async function checkedRequest(tx: PoolClient, employee: DirectoryEmployee, body: LeaveRequest, editing: string | null): Promise<LeaveRequestValues> {
  const leaveTypeName = await findLeaveTypeName(tx, body.leaveTypeId);
  if (leaveTypeName === null || !(await leaveTypeAllowed(tx, employee.employeeId, body.leaveTypeId))) {
    throw new AppError('validation_failed', TYPE_NOT_ALLOWED, { errors: [{ path: 'leaveTypeId', message: TYPE_NOT_ALLOWED }] });
  }
  if (calendarDays(body.from, body.to) > MAX_CALENDAR_DAYS) {
    throw new AppError('validation_failed', TOO_LONG, { errors: [{ path: 'to', message: TOO_LONG }] });
  }
  const workingDays = countWorkingDays(body.from, body.to, await schedulesCovering(tx, employee.employeeId, body.from, body.to));
  if (workingDays === 0) throw new AppError('validation_failed', NO_WORKING_DAYS);
  if (await overlapsAnotherLeave(tx, employee.employeeId, body.from, body.to, editing)) throw new AppError('conflict', OVERLAPS);
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
  if (!row) throw new AppError('not_found', NO_LEAVE_FOUND);
  if (row.status !== 'pending') throw new AppError('conflict', DECIDED_NO_CHANGE);
  return row;
}

// Personal routes: the signed-in employee's own requests.

export async function listMyLeaves(ctx: LeaveContext, caller: SignedInPrincipal, query: { status?: LeaveStatus | undefined; page: number; pageSize: number }): Promise<Page> {
  return pageOf(await listOwnLeaves(ctx.pool, ownEmployeeId(caller), query));
}

export async function getMyLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string): Promise<Leave> {
  const row = await findOwnLeave(ctx.pool, id, ownEmployeeId(caller));
  if (!row) throw new AppError('not_found', NO_LEAVE_FOUND);
  return leaveView(row);
}

export async function requestLeave(ctx: LeaveContext, caller: SignedInPrincipal, body: LeaveRequest): Promise<Leave> {
  if (caller.employeeId === null) throw new AppError('forbidden', NOT_LINKED);
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

export async function getLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string): Promise<Leave> {
  const row = await findLeave(ctx.pool, id, scopeOf(caller));
  if (!row) throw new AppError('not_found', NO_LEAVE_FOUND);
  return leaveView(row);
}

const decisionEvents = { approved: 'leave.LeaveApproved', declined: 'leave.LeaveDeclined' } as const;

export async function decideLeave(ctx: LeaveContext, caller: SignedInPrincipal, id: string, decision: LeaveDecision): Promise<Leave> {
  return withOutbox(ctx, async (tx, record) => {
    const before = await findLeave(tx, id, scopeOf(caller), { forUpdate: true });
    if (!before) throw new AppError('not_found', NO_LEAVE_FOUND);
    if (caller.employeeId !== null && caller.employeeId === before.employeeId) throw new AppError('forbidden', OWN_DECISION);
    if (before.status !== 'pending') throw new AppError('conflict', ALREADY_DECIDED);
    await setDecision(tx, id, { status: decision.status, comment: decision.comment || null, decidedBy: caller.userId }, ctx.now());
    const row = await reloadLeave(tx, id);
    record(leaveEvent(decisionEvents[decision.status], row, ctx.now()));
    return leaveView(row);
  });
}
