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

/** The state after one more failure: the lock doubles with each failure beyond the free ones. */
export function afterFailure(previous: ThrottleState | null, now: Date, freeFailures: number): ThrottleState {
  const forgotten = !previous || now.getTime() - previous.lastFailureAt.getTime() > throttlePolicy.forgetAfterMs;
  const failures = forgotten ? 1 : previous.failures + 1;
  const beyond = failures - freeFailures;
  if (beyond <= 0) return { failures, lastFailureAt: now, lockedUntil: null };
  const lockMs = Math.min(throttlePolicy.firstLockMs * 2 ** (beyond - 1), throttlePolicy.maxLockMs);
  return { failures, lastFailureAt: now, lockedUntil: new Date(now.getTime() + lockMs) };
}

/** Whole minutes left, at least one, for the message. */
export function minutesLeft(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 60_000));
}
