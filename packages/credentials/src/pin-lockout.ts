/*
 * The doubling lockout, the one policy every place that counts wrong secrets follows: wrong PINs (the kiosk's
 * identification in attendance, the own-PIN change in people) and wrong passwords per account (identity's sign-in
 * throttle); pure functions of a counter and the injected clock's time.
 */

/**
 * How wrong secrets lock a scope out: from the `threshold`-th failure on, each failure locks the scope
 * for `baseMs`, doubled per further failure, at most `capMs`. Failures are forgotten after
 * `forgetAfterMs` without any attempt.
 */
export interface LockoutPolicy {
  threshold: number;
  baseMs: number;
  capMs: number;
  forgetAfterMs: number;
}

const MINUTE = 60_000;

/**
 * One person (and any identifier nobody has): 5 failures → 1 min, then 2, 4, … up to 1 h per failure;
 * a correct PIN starts over. A 6-digit PIN then takes years to guess.
 */
export const PERSON_LOCKOUT: LockoutPolicy = { threshold: 5, baseMs: MINUTE, capMs: 60 * MINUTE, forgetAfterMs: 24 * 60 * MINUTE };

export interface AttemptCounter {
  failures: number;
  lastAttemptAt: number;
  lockedUntil: number | null;
}

/** How long the `failures`-th failure locks for (0 below the threshold). */
export function lockDuration(policy: LockoutPolicy, failures: number): number {
  if (failures < policy.threshold) return 0;
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(failures - policy.threshold, 30));
}

export function isLocked(counter: AttemptCounter, now: number): boolean {
  return counter.lockedUntil !== null && counter.lockedUntil > now;
}

/**
 * The counter after one more attempt, counted as a failure before the PIN is checked: concurrent
 * attempts cannot all slip in under the threshold. A correct PIN then clears its own person's counter.
 */
export function countAttempt(policy: LockoutPolicy, counter: AttemptCounter, now: number): AttemptCounter {
  const forgotten = now - counter.lastAttemptAt > policy.forgetAfterMs;
  const failures = (forgotten ? 0 : counter.failures) + 1;
  const duration = lockDuration(policy, failures);
  return { failures, lastAttemptAt: now, lockedUntil: duration > 0 ? now + duration : null };
}

/**
 * Takes back an attempt counted against someone whose PIN it was not meant for (another employee with the
 * same national ID identified): the counter as it was before (`claimed.before`) when nothing else counted
 * since, else one failure fewer with the lock that leaves. Their lock is neither lifted nor extended.
 */
export function giveBack(policy: LockoutPolicy, current: AttemptCounter, claimed: { before: AttemptCounter; after: AttemptCounter }): AttemptCounter {
  const untouched =
    current.failures === claimed.after.failures && current.lastAttemptAt === claimed.after.lastAttemptAt && current.lockedUntil === claimed.after.lockedUntil;
  if (untouched) return claimed.before;
  const failures = Math.max(0, current.failures - 1);
  const duration = lockDuration(policy, failures);
  return { failures, lastAttemptAt: current.lastAttemptAt, lockedUntil: duration > 0 ? current.lastAttemptAt + duration : null };
}
