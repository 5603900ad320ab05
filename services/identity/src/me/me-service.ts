import { withOutbox } from '@ams/bus';
import { toSignedInUser, type SignedInUser, type TimeFormatPreference } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { AppError, invalidField, type ClientInfo, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { userSaved } from '../users/user-events.ts';
import { hashPassword, verifyPassword } from '@ams/credentials';
import { issueToken, type IssuedToken } from '../session/tokens.ts';
import { emailTaken, findUser, updateUser, type UserRecord } from '../users/user-repository.ts';

async function currentUser(db: Queryable, caller: SignedInPrincipal): Promise<UserRecord> {
  const user = await findUser(db, caller.userId, { kind: 'all' });
  // The gateway checked the token; a user deleted since then is simply gone.
  if (!user) throw new AppError('unauthorized', 'userIdNotDefined');
  return user;
}

export async function getMe(ctx: IdentityContext, caller: SignedInPrincipal): Promise<SignedInUser> {
  return toSignedInUser(await currentUser(ctx.pool, caller));
}

export async function updateMe(
  ctx: IdentityContext,
  caller: SignedInPrincipal,
  fields: { name?: string | undefined; email?: string | undefined; image?: string | null | undefined; timeFormat?: TimeFormatPreference | null | undefined },
  client: ClientInfo,
): Promise<SignedInUser> {
  const updated = await withOutbox(ctx, async (tx, record) => {
    if (fields.email !== undefined && (await emailTaken(tx, fields.email, caller.userId))) throw new AppError('conflict', 'emailInUse');
    await updateUser(tx, caller.userId, { name: fields.name, email: fields.email, image: fields.image, timeFormat: fields.timeFormat }, ctx.now());
    const user = await currentUser(tx, caller);
    record(userSaved(user, ctx.now()));
    const changed = Object.keys(fields).filter((key) => fields[key as keyof typeof fields] !== undefined);
    record(
      activityRecorded(
        {
          action: 'user-updated',
          actor: { id: user.id, email: user.email },
          subject: { kind: 'user', id: user.id },
          client,
          details: { changed: changed.join(',') },
        },
        ctx.now(),
      ),
    );
    return user;
  });
  return toSignedInUser(updated);
}

/** Ends every token of the user and returns a fresh one for the session that changed it. */
export async function changePassword(
  ctx: IdentityContext,
  caller: SignedInPrincipal,
  passwords: { currentPassword: string; newPassword: string },
  client: ClientInfo,
): Promise<IssuedToken> {
  const user = await currentUser(ctx.pool, caller);
  if (!(await verifyPassword(user.passwordHash, passwords.currentPassword))) {
    throw invalidField('currentPassword', 'wrongCurrentPassword');
  }
  const passwordHash = await hashPassword(passwords.newPassword);
  const updated = await withOutbox(ctx, async (tx, record) => {
    await updateUser(tx, user.id, { passwordHash, endSessions: 'password-changed' }, ctx.now());
    const after = await currentUser(tx, caller);
    record(userSaved(after, ctx.now()));
    record(
      activityRecorded({ action: 'password-changed', actor: { id: user.id, email: user.email }, subject: { kind: 'user', id: user.id }, client }, ctx.now()),
    );
    return after;
  });
  return issueToken(updated, ctx.jwtSecret, ctx.now());
}
