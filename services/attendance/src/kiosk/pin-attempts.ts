import { withTransaction, type Pool } from '@ams/db';
import { deleteCounter, deleteStaleCounters, lockCounters, saveCounter } from './kiosk-repository.ts';
import { countAttempt, giveBack, isLocked, PERSON_LOCKOUT, type LockoutScope } from './pin-lockout.ts';

export type AttemptClaim = { locked: false } | { locked: true; until: Date };

/**
 * Counts a PIN attempt against every scope before the PIN is checked, unless one of them is locked
 * (then nothing is counted). One short transaction with the counters' rows locked, so replicas and
 * concurrent attempts agree; the slow PIN check happens outside it.
 */
export async function claimAttempt(pool: Pool, scopes: readonly LockoutScope[], now: Date): Promise<AttemptClaim> {
  const at = now.getTime();
  const claim = await withTransaction(pool, async (tx): Promise<AttemptClaim> => {
    const counters = await lockCounters(tx, scopes.map((scope) => scope.key), now);
    const lockedUntil = Math.max(0, ...[...counters.values()].filter((counter) => isLocked(counter, at)).map((counter) => counter.lockedUntil ?? 0));
    if (lockedUntil > 0) return { locked: true, until: new Date(lockedUntil) };
    for (const scope of scopes) {
      const counter = counters.get(scope.key);
      if (counter) await saveCounter(tx, scope.key, countAttempt(scope.policy, counter, at));
    }
    return { locked: false };
  });
  await deleteStaleCounters(pool, new Date(at - PERSON_LOCKOUT.forgetAfterMs), now);
  return claim;
}

/** A correct PIN: a person's counter starts over, a client's gets its attempt back. */
export async function releaseAttempt(pool: Pool, scopes: readonly LockoutScope[], now: Date): Promise<void> {
  await withTransaction(pool, async (tx) => {
    const counters = await lockCounters(tx, scopes.map((scope) => scope.key), now);
    for (const scope of scopes) {
      const counter = counters.get(scope.key);
      if (scope.onSuccess === 'reset') await deleteCounter(tx, scope.key);
      else if (counter) await saveCounter(tx, scope.key, giveBack(scope.policy, counter));
    }
  });
}
