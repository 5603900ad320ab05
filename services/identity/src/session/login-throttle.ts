import { ADDRESS_FAILURE_LIMIT, afterAddressFailure, isSlowed } from '@ams/credentials';
import type { Queryable } from '@ams/db';
import { afterFailure, throttlePolicy, type ThrottleState } from './throttle-policy.ts';

export interface ThrottleKeys {
  /** This account from this client address. */
  client: string;
  /** Absent when the client is trusted for this account (it signed in from there before). */
  account: string | null;
  /**
   * The client address, whatever the account: counts wrong passwords only (@ams/credentials'
   * ADDRESS_FAILURE_LIMIT, its slowed-until kept in locked_until) and is never asked before a password is
   * checked, so a right password from a shared address always gets through.
   */
  address: string;
}

export function throttleKeys(email: string, ip: string | null, trusted: boolean): ThrottleKeys {
  return { client: `client:${email}|${ip ?? 'unknown'}`, account: trusted ? null : `account:${email}`, address: `address:${ip ?? 'unknown'}` };
}

/** The keys whose locks hold back an attempt before its password is checked: the person's, never the address's. */
function keysOf(keys: ThrottleKeys): string[] {
  return keys.account ? [keys.client, keys.account] : [keys.client];
}

/** The end of the longest lock of this account in force, or null. */
export async function lockedUntil(db: Queryable, keys: ThrottleKeys, now: Date): Promise<Date | null> {
  const { rows } = await db.query<{ until: Date | null }>('SELECT max(locked_until) AS until FROM login_throttle WHERE key = ANY($1) AND locked_until > $2', [
    keysOf(keys),
    now,
  ]);
  return rows[0]?.until ?? null;
}

interface ThrottleRow {
  failures: number;
  last_failure_at: Date;
  locked_until: Date | null;
}

/** The key's row, locked for the caller's transaction (created first, so concurrent first failures queue too). */
async function lockedRow(db: Queryable, key: string, now: Date): Promise<ThrottleRow | null> {
  await db.query('INSERT INTO login_throttle (key, failures, last_failure_at) VALUES ($1, 0, $2) ON CONFLICT (key) DO NOTHING', [key, now]);
  const { rows } = await db.query<ThrottleRow>('SELECT failures, last_failure_at, locked_until FROM login_throttle WHERE key = $1 FOR UPDATE', [key]);
  const row = rows[0];
  return row && row.failures > 0 ? row : null;
}

async function recordOne(db: Queryable, key: string, freeFailures: number, now: Date): Promise<ThrottleState> {
  const row = await lockedRow(db, key, now);
  const previous = row ? { failures: row.failures, lastFailureAt: row.last_failure_at, lockedUntil: row.locked_until } : null;
  const next = afterFailure(previous, now, freeFailures);
  await saveRow(db, key, next.failures, next.lastFailureAt, next.lockedUntil);
  return next;
}

async function saveRow(db: Queryable, key: string, failures: number, lastFailureAt: Date, lockedUntil: Date | null): Promise<void> {
  await db.query('UPDATE login_throttle SET failures = $2, last_failure_at = $3, locked_until = $4 WHERE key = $1', [
    key,
    failures,
    lastFailureAt,
    lockedUntil,
  ]);
}

export interface FailureOutcome {
  /** The lock of this account that this failure started, if any. */
  accountLock: Date | null;
  /** Until when the address's wrong passwords are slowed, if they now are. */
  addressSlowedUntil: Date | null;
  /** Whether this failure is the one that started slowing the address. */
  addressNewlySlowed: boolean;
}

/** Counts a wrong password on the account's keys and on the client address. */
export async function recordFailure(db: Queryable, keys: ThrottleKeys, now: Date): Promise<FailureOutcome> {
  const client = await recordOne(db, keys.client, throttlePolicy.freeFailuresPerClient, now);
  const account = keys.account ? await recordOne(db, keys.account, throttlePolicy.freeFailuresPerAccount, now) : null;
  const locks = [client.lockedUntil, account?.lockedUntil ?? null].filter((lock): lock is Date => lock !== null);
  const accountLock = locks.length > 0 ? new Date(Math.max(...locks.map((lock) => lock.getTime()))) : null;

  const at = now.getTime();
  const address = await lockedRow(db, keys.address, now);
  const wasSlowedUntil = address?.locked_until?.getTime() ?? null;
  const slowedUntil = afterAddressFailure(ADDRESS_FAILURE_LIMIT, wasSlowedUntil, at);
  await saveRow(db, keys.address, (address?.failures ?? 0) + 1, now, new Date(slowedUntil));
  const slowed = isSlowed(slowedUntil, at);
  return { accountLock, addressSlowedUntil: slowed ? new Date(slowedUntil) : null, addressNewlySlowed: slowed && !isSlowed(wasSlowedUntil, at) };
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
  const { rows } = await db.query(`SELECT 1 FROM trusted_clients WHERE user_id = $1 AND ip = $2 AND last_success_at > $3::timestamptz - interval '90 days'`, [
    userId,
    ip,
    now,
  ]);
  return rows.length > 0;
}
