import { countAttempt, type LockoutPolicy } from '@ams/credentials';

/**
 * Growing delays after failed sign-ins, per account (a right password clears its own count only). Every
 * lock ends (at most `maxLockMs`) and failures are forgotten after a quiet day, so nobody is locked out for
 * good; the quiet time is longer than the longest lock, so waiting a lock out does not start the count over.
 * Wrong passwords from one address, whatever the account, are slowed by @ams/credentials'
 * ADDRESS_FAILURE_LIMIT, which never holds back a right password.
 */
export const throttlePolicy = {
  /** Failures from one client on one account before locks start. */
  freeFailuresPerClient: 5,
  /** Failures on one account from all unknown clients before locks start. */
  freeFailuresPerAccount: 20,
  firstLockMs: 30_000,
  maxLockMs: 15 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
} as const;

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

/** The state after one more failure: the lock doubles with each failure beyond the free ones (the PINs' lockout rule). */
export function afterFailure(previous: ThrottleState | null, now: Date, freeFailures: number): ThrottleState {
  const policy: LockoutPolicy = {
    threshold: freeFailures + 1,
    baseMs: throttlePolicy.firstLockMs,
    capMs: throttlePolicy.maxLockMs,
    forgetAfterMs: throttlePolicy.forgetAfterMs,
  };
  const before = { failures: previous?.failures ?? 0, lastAttemptAt: previous?.lastFailureAt.getTime() ?? now.getTime(), lockedUntil: null };
  const { failures, lockedUntil } = countAttempt(policy, before, now.getTime());
  return { failures, lastFailureAt: now, lockedUntil: lockedUntil === null ? null : new Date(lockedUntil) };
}

/** Whole minutes left, at least one, for the message. */
export function minutesLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}
