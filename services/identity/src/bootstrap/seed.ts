import { randomBytes, randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import { emailSchema, issueMessage, newPasswordSchema } from '@ams/contracts';
import type { IdentityContext } from '../context.ts';
import { roleSaved } from '../events.ts';
import { userSaved } from '../users/user-events.ts';
import { hashPassword } from '@ams/credentials';
import { DEFAULT_ADMIN_ROLE, defaultRoles } from '../roles/default-roles.ts';
import { findSystemRole, insertRole } from '../roles/role-repository.ts';
import { countUsers, findUserByEmail, insertUser } from '../users/user-repository.ts';

export interface FirstAdmin {
  email?: string | undefined;
  password?: string | undefined;
}

/** Shown once when no password was configured. */
export type AnnounceGeneratedPassword = (email: string, password: string) => void;

/** A password that meets every rule: random letters and digits plus one of each required kind. */
export function generatePassword(): string {
  return `${randomBytes(18).toString('base64url')}aA1!`;
}

/**
 * Seeds the default roles and, when there is no user yet, the SuperAdmin. Safe to run at every
 * start and from several replicas at once (one at a time, under an advisory lock).
 */
export async function seedIdentity(ctx: IdentityContext, firstAdmin: FirstAdmin, announce: AnnounceGeneratedPassword): Promise<void> {
  const email = emailSchema.parse(firstAdmin.email ?? 'admin@example.com');
  const configuredPassword = firstAdmin.password;
  if (configuredPassword !== undefined) {
    const checked = newPasswordSchema.safeParse(configuredPassword);
    const weakness = checked.error?.issues[0];
    if (weakness) throw new Error(`ADMIN_PASSWORD is too weak: ${issueMessage(weakness).message}`);
  }
  const password = configuredPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);

  const createdAdmin = await withOutbox(ctx, async (tx, record) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('identity-seed'))`);
    for (const role of defaultRoles) {
      if (await findSystemRole(tx, role.name)) continue;
      record(roleSaved(await insertRole(tx, { id: randomUUID(), companyId: null, system: true, ...role }, ctx.now()), ctx.now()));
    }
    if ((await countUsers(tx)) > 0) return false;
    const adminRole = await findSystemRole(tx, DEFAULT_ADMIN_ROLE);
    if (!adminRole) throw new Error('The default Admin role is missing');
    await insertUser(
      tx,
      {
        id: randomUUID(),
        name: 'Super Admin',
        email,
        accountType: 'SuperAdmin',
        roleId: adminRole.id,
        status: 'enabled',
        companyId: null,
        employeeId: null,
        passwordHash,
      },
      ctx.now(),
    );
    const admin = await findUserByEmail(tx, email);
    if (admin) record(userSaved(admin, ctx.now()));
    return true;
  });
  if (createdAdmin && configuredPassword === undefined) announce(email, password);
}
