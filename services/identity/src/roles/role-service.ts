import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import { holdsAll, type Permissions, type Role, type UserType } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { AppError, type ClientInfo, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { assertPlacement } from '../placement.ts';
import { activityRecorded, roleDeleted, roleSaved } from '../events.ts';
import { assertGrantable, companyForNewRecord } from '../grants.ts';
import { deleteRole as deleteRoleRow, findRole, insertRole, roleNameTaken, updateRole as updateRoleRow, usersWithRole } from './role-repository.ts';

export async function getRole(ctx: IdentityContext, caller: SignedInPrincipal, id: string): Promise<Role> {
  const role = await findRole(ctx.pool, id, scopeOf(caller));
  if (!role) throw new AppError('not_found', 'roleNotFound');
  return role;
}

/** Shared roles (no company) belong to every company, so only a SuperAdmin changes them. */
async function changeableRole(tx: PoolClient, caller: SignedInPrincipal, id: string): Promise<Role> {
  const role = await findRole(tx, id, scopeOf(caller));
  if (!role) throw new AppError('not_found', 'roleNotFound');
  if ((role.system || role.companyId === null) && caller.accountType !== 'SuperAdmin') {
    throw new AppError('forbidden', 'defaultRolesCanBeChangedOnlyBy');
  }
  // Narrowing or deleting a role acts on everyone who holds it.
  if (!holdsAll(caller, role.permissions)) throw new AppError('forbidden', 'cannotChangeMorePrivilegedRole');
  await tx.query('SELECT 1 FROM roles WHERE id = $1 FOR UPDATE', [id]);
  return role;
}

export async function createRole(
  ctx: IdentityContext,
  caller: SignedInPrincipal,
  fields: { name: string; companyId?: string | null | undefined; userType: UserType; permissions: Permissions },
  client: ClientInfo,
): Promise<Role> {
  const companyId = companyForNewRecord(caller, fields.companyId);
  assertGrantable(caller, fields.permissions);
  return withOutbox(ctx, async (tx, record) => {
    await assertPlacement(tx, companyId, null);
    if (await roleNameTaken(tx, fields.name, companyId, null)) throw new AppError('conflict', 'roleNameTaken');
    const role = await insertRole(
      tx,
      { id: randomUUID(), name: fields.name, companyId, userType: fields.userType, permissions: fields.permissions, system: false },
      ctx.now(),
    );
    record(roleSaved(role, ctx.now()));
    record(activityRecorded({ action: 'role-created', actor: { id: caller.userId, email: null }, subject: { kind: 'role', id: role.id }, client }, ctx.now()));
    return role;
  });
}

export async function updateRole(
  ctx: IdentityContext,
  caller: SignedInPrincipal,
  id: string,
  fields: { name?: string | undefined; userType?: UserType | undefined; permissions?: Permissions | undefined },
  client: ClientInfo,
): Promise<Role> {
  if (fields.permissions) assertGrantable(caller, fields.permissions);
  return withOutbox(ctx, async (tx, record) => {
    const before = await changeableRole(tx, caller, id);
    const name = fields.name ?? before.name;
    if (name !== before.name && (await roleNameTaken(tx, name, before.companyId, id))) throw new AppError('conflict', 'roleNameTaken');
    const userType = fields.userType ?? before.userType;
    if (userType !== before.userType && (await usersWithRole(tx, id)) > 0) {
      throw new AppError('conflict', 'theUserTypeOfARoleIn');
    }
    const role = await updateRoleRow(tx, id, { name, userType, permissions: fields.permissions ?? before.permissions }, ctx.now());
    record(roleSaved(role, ctx.now()));
    record(activityRecorded({ action: 'role-updated', actor: { id: caller.userId, email: null }, subject: { kind: 'role', id }, client }, ctx.now()));
    return role;
  });
}

export async function deleteRole(ctx: IdentityContext, caller: SignedInPrincipal, id: string, client: ClientInfo): Promise<void> {
  await withOutbox(ctx, async (tx, record) => {
    const role = await changeableRole(tx, caller, id);
    if (role.system) throw new AppError('forbidden', 'defaultRolesCannotBeDeleted');
    if ((await usersWithRole(tx, id)) > 0) throw new AppError('conflict', 'theRoleIsAssignedToUsers');
    await deleteRoleRow(tx, id);
    record(roleDeleted(id, ctx.now()));
    record(
      activityRecorded(
        { action: 'role-deleted', actor: { id: caller.userId, email: null }, subject: { kind: 'role', id }, client, details: { name: role.name } },
        ctx.now(),
      ),
    );
  });
}
