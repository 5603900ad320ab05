import { createHash } from 'node:crypto';

/**
 * How wrong PINs lock a scope out: from the `threshold`-th failure on, each failure locks the scope
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

/**
 * One client address (a kiosk, or everyone behind one NAT): more tolerant, since many people type
 * there, but it stops one address from trying PINs across many people. A correct PIN only takes
 * back its own attempt.
 */
export const CLIENT_LOCKOUT: LockoutPolicy = { threshold: 20, baseMs: MINUTE, capMs: 15 * MINUTE, forgetAfterMs: 60 * MINUTE };

export interface AttemptCounter {
  failures: number;
  lastAttemptAt: number;
  lockedUntil: number | null;
}

export interface LockoutScope {
  key: string;
  policy: LockoutPolicy;
  /** A correct PIN clears a person's counter but only gives back its own attempt at a client. */
  onSuccess: 'reset' | 'give-back';
}

export const personScope = (employeeId: string): LockoutScope => ({ key: `employee:${employeeId}`, policy: PERSON_LOCKOUT, onSuccess: 'reset' });

/** An identifier nobody has locks like a person, so a lockout tells nothing about who exists. */
export function unknownIdentifierScope(identifier: string): LockoutScope {
  const digest = createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex');
  return { key: `identifier:${digest}`, policy: PERSON_LOCKOUT, onSuccess: 'reset' };
}

export const clientScope = (ip: string | null): LockoutScope => ({ key: `client:${ip ?? 'unknown'}`, policy: CLIENT_LOCKOUT, onSuccess: 'give-back' });

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
 * attempts cannot all slip in under the threshold. A correct PIN gives it back (`giveBack`).
 */
export function countAttempt(policy: LockoutPolicy, counter: AttemptCounter, now: number): AttemptCounter {
  const forgotten = now - counter.lastAttemptAt > policy.forgetAfterMs;
  const failures = (forgotten ? 0 : counter.failures) + 1;
  const duration = lockDuration(policy, failures);
  return { failures, lastAttemptAt: now, lockedUntil: duration > 0 ? now + duration : null };
}

/** Takes back one counted attempt; a lock it alone caused goes with it. */
export function giveBack(policy: LockoutPolicy, counter: AttemptCounter): AttemptCounter {
  const failures = Math.max(0, counter.failures - 1);
  return { ...counter, failures, lockedUntil: failures >= policy.threshold ? counter.lockedUntil : null };
}
