import { formatMessage, refusalToActOn } from '@ams/contracts';
import { withOutbox, type RecordEvent } from '@ams/bus';
import type { AccountType, SessionEndReason, User, UserStatus } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { AppError, invalidField, type ClientInfo, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { addUser } from './new-user.ts';
import { userDeleted, userSaved } from './user-events.ts';
import { assertGrantable, companyForNewRecord, userTypeOf } from '../grants.ts';
import { hashPassword } from '@ams/credentials';
import { assertPlacement } from '../placement.ts';
import { findRole } from '../roles/role-repository.ts';
import {
  deleteUser as deleteUserRow,
  emailTaken,
  findUser,
  otherEnabledSuperAdmins,
  toUserView,
  updateUser as updateUserRow,
  userLinkedTo,
  type UserChanges,
  type UserRecord,
} from './user-repository.ts';

interface UserFields {
  name?: string | undefined;
  email?: string | undefined;
  accountType?: AccountType | undefined;
  roleId?: string | undefined;
  status?: UserStatus | undefined;
  companyId?: string | null | undefined;
  employeeId?: string | null | undefined;
  password?: string | undefined;
}

function assertMayManage(caller: SignedInPrincipal, accountType: AccountType): void {
  if (accountType === 'SuperAdmin' && caller.accountType !== 'SuperAdmin') {
    throw new AppError('forbidden', 'onlyASuperadminCanManageSuperadminAccounts');
  }
}

/** No one changes or deletes a user more privileged than themselves (the rule the gateway also applies to erasure). */
function assertMayActOn(caller: SignedInPrincipal, target: UserRecord): void {
  const refusal = refusalToActOn(caller, target);
  if (refusal) throw new AppError('forbidden', refusal);
}

/** The role must be visible to the user's company, fit its account type and be grantable by the caller. */
async function assertRoleFits(tx: PoolClient, caller: SignedInPrincipal, roleId: string, accountType: AccountType, companyId: string | null): Promise<void> {
  // The user's company decides which roles exist for it (an Admin's is its own).
  const role = await findRole(tx, roleId, { kind: 'company', companyId });
  if (!role) {
    throw invalidField('roleId', 'roleNotFound');
  }
  if (role.userType !== userTypeOf(accountType)) {
    throw invalidField('roleId', 'theRoleDoesNotFitTheAccount');
  }
  assertGrantable(caller, role.permissions);
}

/** The company must exist, the employee be one of its own and back no other account. */
async function assertLink(tx: PoolClient, userId: string | null, companyId: string | null, employeeId: string | null): Promise<void> {
  await assertPlacement(tx, companyId, employeeId);
  if (employeeId !== null && (await userLinkedTo(tx, employeeId, userId)) !== null) {
    throw invalidField('employeeId', 'employeeAlreadyLinked');
  }
}

async function reload(tx: PoolClient, id: string): Promise<UserRecord> {
  const user = await findUser(tx, id, { kind: 'all' });
  if (!user) throw new Error(`User ${id} vanished`);
  return user;
}

export async function getUser(ctx: IdentityContext, caller: SignedInPrincipal, id: string): Promise<User> {
  const user = await findUser(ctx.pool, id, scopeOf(caller));
  if (!user) throw new AppError('not_found', 'userNotFound');
  return toUserView(user);
}

export async function createUser(
  ctx: IdentityContext,
  caller: SignedInPrincipal,
  fields: Required<Pick<UserFields, 'name' | 'email' | 'accountType' | 'roleId' | 'status' | 'password'>> & UserFields,
  client: ClientInfo,
): Promise<User> {
  assertMayManage(caller, fields.accountType);
  const companyId = companyForNewRecord(caller, fields.companyId);
  const passwordHash = await hashPassword(fields.password);
  const created = await withOutbox(ctx, async (tx, record) => {
    await assertLink(tx, null, companyId, fields.employeeId ?? null);
    await assertRoleFits(tx, caller, fields.roleId, fields.accountType, companyId);
    if (await emailTaken(tx, fields.email)) throw new AppError('conflict', 'emailInUse');
    const { name, email, accountType, roleId, status, employeeId = null } = fields;
    const user = { name, email, accountType, roleId, status, companyId, employeeId, passwordHash };
    return addUser(tx, record, user, { action: 'user-created', actor: actorOf(caller), client }, ctx.now);
  });
  return toUserView(created);
}

function actorOf(caller: SignedInPrincipal): { id: string; email: null } {
  return { id: caller.userId, email: null };
}

/** Why a change ends the user's live tokens (who they are allowed to be changed), or undefined when it does not. */
function sessionEndOf(before: UserRecord, changes: UserChanges): SessionEndReason | undefined {
  const differs = <K extends keyof UserChanges & keyof UserRecord>(field: K) => changes[field] !== undefined && changes[field] !== before[field];
  if (differs('status')) return 'account-disabled';
  if (differs('roleId') || differs('accountType')) return 'role-changed';
  if (differs('companyId')) return 'company-changed';
  if (changes.passwordHash !== undefined) return 'password-changed';
  return undefined;
}

async function guardSelfAndLastSuperAdmin(tx: PoolClient, caller: SignedInPrincipal, before: UserRecord, changes: UserChanges | 'delete'): Promise<void> {
  const removesAccess =
    changes === 'delete' ||
    (changes.status !== undefined && changes.status !== 'enabled') ||
    (changes.accountType !== undefined && changes.accountType !== before.accountType) ||
    (changes.roleId !== undefined && changes.roleId !== before.roleId);
  if (!removesAccess) return;
  if (before.id === caller.userId) {
    throw new AppError('conflict', 'youCannotDisableDeleteOrChangeThe');
  }
  if (before.accountType === 'SuperAdmin' && before.status === 'enabled' && (await otherEnabledSuperAdmins(tx, before.id)) === 0) {
    throw new AppError('conflict', 'theLastSuperadminMustStay');
  }
}

export async function updateUser(ctx: IdentityContext, caller: SignedInPrincipal, id: string, fields: UserFields, client: ClientInfo): Promise<User> {
  // One's own password changes only with the current one (POST /api/me/password), so a stolen session cannot keep the account.
  if (fields.password !== undefined && id === caller.userId) {
    throw new AppError('forbidden', 'ownPasswordNeedsCurrent', { errors: [{ path: 'password', message: formatMessage('ownPasswordNeedsCurrent') }] });
  }
  const passwordHash = fields.password === undefined ? undefined : await hashPassword(fields.password);
  const updated = await withOutbox(ctx, async (tx, record) => {
    const before = await findUser(tx, id, scopeOf(caller), { forUpdate: true });
    if (!before) throw new AppError('not_found', 'userNotFound');
    assertMayActOn(caller, before);
    const accountType = fields.accountType ?? before.accountType;
    assertMayManage(caller, accountType);
    const companyId = fields.companyId === undefined ? before.companyId : companyForNewRecord(caller, fields.companyId);
    const changes: UserChanges = {
      name: fields.name,
      email: fields.email,
      accountType: fields.accountType,
      roleId: fields.roleId,
      status: fields.status,
      companyId: fields.companyId === undefined ? undefined : companyId,
      employeeId: fields.employeeId,
      passwordHash,
    };
    await guardSelfAndLastSuperAdmin(tx, caller, before, changes);
    if (fields.companyId !== undefined || fields.employeeId !== undefined) {
      await assertLink(tx, id, companyId, fields.employeeId === undefined ? before.employeeId : fields.employeeId);
    }
    if (fields.roleId !== undefined || fields.accountType !== undefined || fields.companyId !== undefined) {
      await assertRoleFits(tx, caller, fields.roleId ?? before.roleId, accountType, companyId);
    }
    if (fields.email !== undefined && (await emailTaken(tx, fields.email, id))) throw new AppError('conflict', 'emailInUse');
    await updateUserRow(tx, id, { ...changes, endSessions: sessionEndOf(before, changes) }, ctx.now());
    const after = await reload(tx, id);
    recordUserChange(record, caller, before, after, changes, client, ctx.now());
    return after;
  });
  return toUserView(updated);
}

function recordUserChange(
  record: RecordEvent,
  caller: SignedInPrincipal,
  before: UserRecord,
  after: UserRecord,
  changes: UserChanges,
  client: ClientInfo,
  now: Date,
): void {
  const changed = Object.entries(changes)
    .filter(([field, value]) => value !== undefined && (field === 'passwordHash' || value !== before[field as keyof UserRecord]))
    .map(([field]) => (field === 'passwordHash' ? 'password' : field));
  record(userSaved(after, now));
  record(
    activityRecorded(
      { action: 'user-updated', actor: actorOf(caller), subject: { kind: 'user', id: after.id }, client, details: { changed: changed.join(',') } },
      now,
    ),
  );
}

export async function deleteUser(ctx: IdentityContext, caller: SignedInPrincipal, id: string, client: ClientInfo): Promise<void> {
  await withOutbox(ctx, async (tx, record) => {
    const before = await findUser(tx, id, scopeOf(caller), { forUpdate: true });
    if (!before) throw new AppError('not_found', 'userNotFound');
    assertMayActOn(caller, before);
    await guardSelfAndLastSuperAdmin(tx, caller, before, 'delete');
    await deleteUserRow(tx, id);
    record(userDeleted(id, ctx.now()));
    record(
      activityRecorded({ action: 'user-deleted', actor: actorOf(caller), subject: { kind: 'user', id }, client, details: { email: before.email } }, ctx.now()),
    );
  });
}
