import { randomUUID } from 'node:crypto';
import { withOutbox, type RecordEvent } from '@ams/bus';
import type { Employee, EmployeeCreate, EmployeeListQuery, EmployeeUpdate, EmploymentStatus, MessageKey } from '@ams/contracts';
import { hashPin } from '@ams/credentials';
import type { PoolClient, Queryable } from '@ams/db';
import { AppError, scopeOf, type CompanyScope, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { translateConstraints } from '../database-errors.ts';
import { assertCompanyInScope, assertDepartmentInCompany, assertJobTitleInDepartment, assertLeaveGroupInCompany } from '../organisation/references.ts';
import {
  claimCreateCommand,
  deleteEmployees,
  employeeColumns,
  findEmployee,
  insertEmployee,
  listEmployees,
  lockEmployee,
  lockVisibleEmployees,
  setEmploymentStatus,
  setPinHash,
  updateEmployee,
  type EmployeeField,
  type EmployeeRow,
  type EmployeeValues,
} from './employee-repository.ts';
import { employeeChanged, employeeDeleted, employeeView, pinChanged } from './employee-view.ts';

const constraintMessages: { inUse: MessageKey; taken: (constraint: string) => MessageKey | undefined } = {
  inUse: 'theCompanyDepartmentJobTitleOrLeave',
  taken: (constraint) =>
    (
      ({
        employees_email: 'anEmployeeWithThisEmailAlreadyExists',
        employees_national_id: 'anEmployeeWithThisNationalIdAlready',
        employees_rfid_card: 'rfidCardTaken',
      }) as const
    )[constraint],
};

const writableFields = Object.keys(employeeColumns) as EmployeeField[];

async function assertReferences(
  tx: PoolClient,
  scope: CompanyScope,
  values: Pick<EmployeeValues, 'companyId' | 'departmentId' | 'jobTitleId' | 'leaveGroupId'>,
): Promise<void> {
  await assertCompanyInScope(tx, scope, values.companyId);
  await assertDepartmentInCompany(tx, values.departmentId, values.companyId);
  await assertJobTitleInDepartment(tx, values.jobTitleId, values.departmentId);
  await assertLeaveGroupInCompany(tx, values.leaveGroupId, values.companyId);
}

/** The employee the caller may see, locked for the rest of the transaction. */
export async function lockedEmployee(tx: PoolClient, caller: SignedInPrincipal, id: string): Promise<EmployeeRow> {
  const visible = await findEmployee(tx, id, scopeOf(caller));
  if (!visible) throw new AppError('not_found', 'employeesNotFound');
  await lockEmployee(tx, id);
  return visible;
}

export async function reloadEmployee(tx: PoolClient, id: string): Promise<EmployeeRow> {
  const row = await findEmployee(tx, id, { kind: 'all' });
  if (!row) throw new AppError('not_found', 'employeesNotFound');
  return row;
}

async function visibleEmployee(db: Queryable, caller: SignedInPrincipal, id: string, now: Date): Promise<Employee> {
  const row = await findEmployee(db, id, scopeOf(caller));
  if (!row) throw new AppError('not_found', 'employeesNotFound');
  return employeeView(row, now);
}

export function getEmployee(ctx: PeopleContext, caller: SignedInPrincipal, id: string): Promise<Employee> {
  return visibleEmployee(ctx.pool, caller, id, ctx.now());
}

export async function listEmployeePage(ctx: PeopleContext, caller: SignedInPrincipal, query: EmployeeListQuery): Promise<{ items: Employee[]; total: number }> {
  const { rows, total } = await listEmployees(ctx.pool, scopeOf(caller), query);
  const now = ctx.now();
  return { items: rows.map((row) => employeeView(row, now)), total };
}

/** Hashing takes tens of milliseconds: done before the transaction, never inside it. */
function pinHashOf(ctx: PeopleContext, pin: string | undefined): Promise<string | null> | null {
  return pin === undefined ? null : hashPin(pin, ctx.pinPepper);
}

async function storePin(
  tx: PoolClient,
  ctx: PeopleContext,
  row: Pick<EmployeeRow, 'id' | 'companyId'>,
  pinHash: string | null,
  record: RecordEvent,
): Promise<void> {
  await setPinHash(tx, row.id, pinHash, ctx.now());
  record(pinChanged(row, pinHash, ctx.now()));
}

/**
 * Creates an employee. With a commandId, a retry of the same command (its answer was lost) answers the
 * employee the first attempt created, as it is now, and creates nothing more.
 */
export async function createEmployee(ctx: PeopleContext, caller: SignedInPrincipal, body: EmployeeCreate): Promise<Employee> {
  const values = Object.fromEntries(writableFields.map((field) => [field, body[field] ?? null])) as EmployeeValues;
  const pinHash = await pinHashOf(ctx, body.pin);
  return withOutbox(ctx, async (tx, record) => {
    const id = randomUUID();
    if (body.commandId !== undefined) {
      const claim = await claimCreateCommand(tx, body.commandId, id, ctx.now());
      if (!claim.claimed) return visibleEmployee(tx, caller, claim.employeeId, ctx.now());
    }
    await assertReferences(tx, scopeOf(caller), values);
    await translateConstraints(() => insertEmployee(tx, id, values, ctx.now()), constraintMessages);
    if (pinHash !== null) await storePin(tx, ctx, { id, companyId: values.companyId }, pinHash, record);
    const row = await reloadEmployee(tx, id);
    record(employeeChanged('employee.EmployeeCreated', row, ctx.now()));
    return employeeView(row, ctx.now());
  });
}

export async function updateEmployeeFields(ctx: PeopleContext, caller: SignedInPrincipal, id: string, body: EmployeeUpdate): Promise<Employee> {
  const changes = Object.fromEntries(
    writableFields.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]),
  ) as Partial<EmployeeValues>;
  const pinHash = await pinHashOf(ctx, body.pin);
  return withOutbox(ctx, async (tx, record) => {
    const before = await lockedEmployee(tx, caller, id);
    const after = { ...before, ...changes };
    if (after.officialStartDate && after.dateRegularized && after.dateRegularized < after.officialStartDate) {
      throw new AppError('validation_failed', 'dateRegularizedCannotBeBeforeTheOfficial');
    }
    const placementChanged = (['companyId', 'departmentId', 'jobTitleId', 'leaveGroupId'] as const).some((field) => after[field] !== before[field]);
    if (placementChanged) await assertReferences(tx, scopeOf(caller), after);
    if (Object.keys(changes).length > 0) await translateConstraints(() => updateEmployee(tx, id, changes, ctx.now()), constraintMessages);
    if (pinHash !== null) await storePin(tx, ctx, after, pinHash, record);
    const row = await reloadEmployee(tx, id);
    record(employeeChanged('employee.EmployeeUpdated', row, ctx.now()));
    return employeeView(row, ctx.now());
  });
}

const statusChanges = {
  archived: { from: 'active', event: 'employee.EmployeeArchived', refusal: 'thisEmployeeIsAlreadyArchived' },
  active: { from: 'archived', event: 'employee.EmployeeRestored', refusal: 'thisEmployeeIsNotArchived' },
} as const;

/** Archive (status archived) or restore (status active); the record and its history stay. */
export async function changeEmploymentStatus(ctx: PeopleContext, caller: SignedInPrincipal, id: string, status: EmploymentStatus): Promise<Employee> {
  const change = statusChanges[status];
  return withOutbox(ctx, async (tx, record) => {
    const before = await lockedEmployee(tx, caller, id);
    if (before.employmentStatus !== change.from) throw new AppError('conflict', change.refusal);
    await setEmploymentStatus(tx, id, status, ctx.now());
    const row = await reloadEmployee(tx, id);
    record(employeeChanged(change.event, row, ctx.now()));
    return employeeView(row, ctx.now());
  });
}

export async function changePin(ctx: PeopleContext, caller: SignedInPrincipal, id: string, pin: string | null): Promise<void> {
  const pinHash = pin === null ? null : await hashPin(pin, ctx.pinPepper);
  await withOutbox(ctx, async (tx, record) => {
    const employee = await lockedEmployee(tx, caller, id);
    await storePin(tx, ctx, employee, pinHash, record);
  });
}

/** All of them or none: one unknown (or out-of-scope) id and nothing is deleted. */
export async function deleteEmployeesAtOnce(ctx: PeopleContext, caller: SignedInPrincipal, ids: readonly string[]): Promise<number> {
  return withOutbox(ctx, async (tx, record) => {
    const visible = await lockVisibleEmployees(tx, ids, scopeOf(caller));
    if (visible.length !== ids.length) throw new AppError('not_found', 'employeesNotFound');
    await deleteEmployees(tx, visible);
    for (const id of visible) record(employeeDeleted(id, ctx.now()));
    return visible.length;
  });
}
