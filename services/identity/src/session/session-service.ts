import { withOutbox } from '@ams/bus';
import { formatMessage, toSignedInUser, type SessionResponse } from '@ams/contracts';
import { AppError, type ClientInfo } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded, sessionRevoked } from '../events.ts';
import { addUser } from '../users/new-user.ts';
import { hashPassword, verifyPassword } from '@ams/credentials';
import { findSystemRole } from '../roles/role-repository.ts';
import { DEFAULT_EMPLOYEE_ROLE } from '../roles/default-roles.ts';
import { emailTaken, findUserByEmail, type UserRecord } from '../users/user-repository.ts';
import { isSelfSignUpOpen } from '../settings/sign-up-setting.ts';
import { isTrustedClient, lockedUntil, recordFailure, recordSuccess, throttleKeys } from './login-throttle.ts';
import { minutesLeft } from './throttle-policy.ts';
import { issueToken, type IssuedToken } from './tokens.ts';

export class LoginLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(until: Date, now: Date) {
    const minutes = minutesLeft(until, now);
    super('rate_limited', 'tooManySignInAttempts', { params: { count: minutes } });
    this.retryAfterSeconds = Math.ceil((until.getTime() - now.getTime()) / 1000);
  }
}

export interface Session {
  issued: IssuedToken;
  response: SessionResponse;
}

function sessionOf(ctx: IdentityContext, user: UserRecord): Session {
  const issued = issueToken(user, ctx.jwtSecret, ctx.now());
  return { issued, response: { accessToken: issued.token, user: toSignedInUser(user) } };
}

export async function signIn(ctx: IdentityContext, credentials: { email: string; password: string }, client: ClientInfo): Promise<Session> {
  const now = ctx.now();
  const { email } = credentials;
  const user = await findUserByEmail(ctx.pool, email);
  const trusted = user ? await isTrustedClient(ctx.pool, user.id, client.ip, now) : false;
  const keys = throttleKeys(email, client.ip, trusted);
  const actor = { id: user?.id ?? null, email };

  const lock = await lockedUntil(ctx.pool, keys, now);
  if (lock) throw new LoginLockedError(lock, now);

  // Only this account's locks hold an attempt back; the address's count of failures never stops a right password.
  if (!(await verifyPassword(user?.passwordHash ?? null, credentials.password))) {
    const failure = await withOutbox(ctx, async (tx, record) => {
      const outcome = await recordFailure(tx, keys, now);
      record(activityRecorded({ action: 'sign-in-failed', actor, client, details: { reason: 'wrong-credentials' } }, now));
      if (outcome.accountLock) record(activityRecorded({ action: 'lockout', actor, client, details: { until: outcome.accountLock.toISOString() } }, now));
      if (outcome.addressSlowedUntil && outcome.addressNewlySlowed) {
        record(activityRecorded({ action: 'lockout', actor, client, details: { until: outcome.addressSlowedUntil.toISOString(), scope: 'address' } }, now));
      }
      return outcome;
    });
    const until = [failure.accountLock, failure.addressSlowedUntil].reduce<Date | null>(
      (latest, lock) => (lock && (!latest || lock > latest) ? lock : latest),
      null,
    );
    if (until) throw new LoginLockedError(until, now);
    throw new AppError('unauthorized', 'invalidCredentials');
  }
  // Told only to someone who knows the password.
  if (!user || user.status !== 'enabled') {
    await withOutbox(ctx, async (_tx, record) => {
      record(activityRecorded({ action: 'sign-in-failed', actor, client, details: { reason: 'disabled' } }, now));
    });
    throw new AppError('forbidden', 'accountDisabled');
  }
  await withOutbox(ctx, async (tx, record) => {
    await recordSuccess(tx, user.id, email, client.ip, now);
    record(activityRecorded({ action: 'sign-in', actor, client }, now));
  });
  return sessionOf(ctx, user);
}

/**
 * Creates an Employee account unless the email already has one, and answers the same either way: as sign-in
 * answers one 401 for an unknown address and a wrong password, sign-up must not tell whether an address is
 * registered (a 409 "Email is already in use" did). So it signs no one in (the SPA signs in next, with the
 * same email and password, and lands in the personal area as spec §4 wants); an existing account is left
 * alone: its owner's password still opens it, the new one does not.
 */
export async function signUp(ctx: IdentityContext, form: { name: string; email: string; password: string }, client: ClientInfo): Promise<{ message: string }> {
  if (!(await isSelfSignUpOpen(ctx.pool))) throw new AppError('forbidden', 'signUpIsNotOpenAskAn');
  // Hashed whether or not the account is created, so both answers take as long.
  const passwordHash = await hashPassword(form.password);
  await withOutbox(ctx, async (tx, record) => {
    if (await emailTaken(tx, form.email)) return;
    const role = await findSystemRole(tx, DEFAULT_EMPLOYEE_ROLE);
    if (!role) throw new Error('The default Employee role is missing');
    // An employee record with this email becomes this account's employee (and company).
    const { rows } = await tx.query<{ employee_id: string; company_id: string | null }>(
      'SELECT employee_id, company_id FROM employee_directory WHERE lower(email) = lower($1) ORDER BY employee_id LIMIT 1',
      [form.email],
    );
    await addUser(
      tx,
      record,
      {
        name: form.name,
        email: form.email,
        accountType: 'Employee',
        roleId: role.id,
        status: 'enabled',
        companyId: rows[0]?.company_id ?? null,
        employeeId: rows[0]?.employee_id ?? null,
        passwordHash,
      },
      { action: 'sign-up', actor: 'itself', client },
      ctx.now,
    );
  });
  return { message: formatMessage('signUpReceived') };
}

/** Ends one token: the gateway refuses its jti from now on. */
export async function signOut(
  ctx: IdentityContext,
  caller: { userId: string; email: string | null },
  token: { jti: string; exp: number } | null,
  client: ClientInfo,
): Promise<void> {
  await withOutbox(ctx, async (_tx, record) => {
    if (token) record(sessionRevoked(caller.userId, token.jti, new Date(token.exp * 1000), ctx.now()));
    record(activityRecorded({ action: 'sign-out', actor: { id: caller.userId, email: caller.email }, client }, ctx.now()));
  });
}
