import type { Queryable } from '@ams/db';
import { afterFailure, throttlePolicy, type ThrottleState } from './throttle-policy.ts';

export interface ThrottleKeys {
  client: string;
  /** Absent when the client is trusted for this account (it signed in from there before). */
  account: string | null;
}

export function throttleKeys(email: string, ip: string | null, trusted: boolean): ThrottleKeys {
  return { client: `client:${email}|${ip ?? 'unknown'}`, account: trusted ? null : `account:${email}` };
}

function keysOf(keys: ThrottleKeys): string[] {
  return keys.account ? [keys.client, keys.account] : [keys.client];
}

/** The end of the longest lock in force, or null. */
export async function lockedUntil(db: Queryable, keys: ThrottleKeys, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date | null }>(
    'SELECT max(locked_until) AS until FROM login_throttle WHERE key = ANY($1) AND locked_until > $2',
    [keysOf(keys), now],
  );
  return rows[0]?.until ?? null;
}

async function recordOne(db: Queryable, key: string, freeFailures: number, now: Date): Promise<ThrottleState> {
  const { rows } = await db.query<{ failures: number; last_failure_at: Date; locked_until: Date | null }>(
    'SELECT failures, last_failure_at, locked_until FROM login_throttle WHERE key = $1 FOR UPDATE',
    [key],
  );
  const row = rows[0];
  const previous = row ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until } : null;
  const next = afterFailure(previous, now, freeFailures);
  await db.query(
    `INSERT INTO login_throttle (key, failures, last_failure_at, locked_until) VALUES ($1, $2, $3, $4)
     ON CONFLICT (key) DO UPDATE SET failures = $2, last_failure_at = $3, locked_until = $4`,
    [key, next.failures, next.lastFailureAt, next.lockedUntil],
  );
  return next;
}

/** Counts a failure on each key; returns the lock it started, if any. */
export async function recordFailure(db: Queryable, keys: ThrottleKeys, now: Date): Promise<Date | null> {
  const client = await recordOne(db, keys.client, throttlePolicy.freeFailuresPerClient, now);
  const account = keys.account ? await recordOne(db, keys.account, throttlePolicy.freeFailuresPerAccount, now) : null;
  const locks = [client.lockedUntil, account?.lockedUntil ?? null].filter((lock): lock is Date => lock !== null);
  return locks.length > 0 ? new Date(Math.max(...locks.map((lock) => lock.getTime()))) : null;
}

/** A success clears this client's failures and trusts the client for the account from now on. */
export async function recordSuccess(db: Queryable, userId: string, email: string, ip: string | null, now: Date): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE key = $1', [throttleKeys(email, ip, false).client]);
  if (ip === null) return;
  await db.query(
    `INSERT INTO trusted_clients (user_id, ip, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, ip) DO UPDATE SET last_success_at = $3`,
    [userId, ip, now],
  );
}

/** Clients trusted for 90 days after their last successful sign-in. */
export async function isTrustedClient(db: Queryable, userId: string, ip: string | null, now: Date): Promise<boolean> {
  if (ip === null) return false;
  const { rows } = await db.query(
    `SELECT 1 FROM trusted_clients WHERE user_id = $1 AND ip = $2 AND last_success_at > $3::timestamptz - interval '90 days'`,
    [userId, ip, now],
  );
  return rows.length > 0;
}
