import { ADDRESS_FAILURE_LIMIT, afterAddressFailure, countAttempt, giveBack, isLocked, isSlowed, type AttemptCounter } from '@ams/credentials';
import { withTransaction, type Pool } from '@ams/db';
import { createCounter, deleteCounters, lockCounters, saveCounter } from './pin-attempt-repository.ts';
import type { LockoutScope } from './pin-lockout.ts';

interface ClaimedScope {
  scope: LockoutScope;
  before: AttemptCounter;
  after: AttemptCounter;
}

export type AttemptClaim = { locked: true; until: Date } | { locked: false; claimed: readonly ClaimedScope[] };

/**
 * Counts a PIN attempt against every person it may be for (or the unknown identifier) before the PIN is
 * checked, unless one of them is locked (then nothing is counted). One short transaction with the
 * counters' rows locked (one insert when the attempt is for one person without a counter, claimFresh), so
 * replicas and concurrent attempts agree; the slow PIN check happens outside it.
 * The client address is not asked: it never holds back an attempt whose PIN may be right.
 */
export async function claimAttempt(pool: Pool, scopes: readonly LockoutScope[], now: Date): Promise<AttemptClaim> {
  const at = now.getTime();
  if (scopes.length === 0) return { locked: false, claimed: [] };
  const [only] = scopes;
  if (scopes.length === 1 && only) {
    const fresh = await claimFresh(pool, only, at);
    if (fresh) return { locked: false, claimed: [fresh] };
  }
  return withTransaction(pool, async (tx): Promise<AttemptClaim> => {
    const counters = await lockCounters(
      tx,
      scopes.map((scope) => scope.key),
      now,
    );
    const lockedUntil = Math.max(0, ...[...counters.values()].filter((counter) => isLocked(counter, at)).map((counter) => counter.lockedUntil ?? 0));
    if (lockedUntil > 0) return { locked: true, until: new Date(lockedUntil) };
    const claimed: ClaimedScope[] = [];
    for (const scope of scopes) {
      const before = counters.get(scope.key);
      if (!before) continue;
      const after = countAttempt(scope.policy, before, at);
      await saveCounter(tx, scope.key, after);
      claimed.push({ scope, before, after });
    }
    return { locked: false, claimed };
  });
}

/**
 * The usual attempt: one person without a counter (a right PIN deletes it), counted by creating it counted,
 * in one statement. Null when the counter exists (or another attempt is creating it): claimAttempt then locks it.
 */
async function claimFresh(pool: Pool, scope: LockoutScope, at: number): Promise<ClaimedScope | null> {
  const before: AttemptCounter = { failures: 0, lastAttemptAt: at, lockedUntil: null };
  const after = countAttempt(scope.policy, before, at);
  return (await createCounter(pool, scope.key, after)) ? { scope, before, after } : null;
}

/**
 * A right PIN: the counter of the person it identified starts over; anyone else it was counted against
 * (another employee with the same national ID) gets the attempt back, their lock unchanged. The usual case,
 * where the attempt counted against the identified people alone, is one delete without a transaction.
 */
export async function settleRightPin(pool: Pool, claimed: readonly ClaimedScope[], identifiedKeys: ReadonlySet<string>, now: Date): Promise<void> {
  if (claimed.length === 0) return;
  if (claimed.every(({ scope }) => identifiedKeys.has(scope.key))) {
    await deleteCounters(
      pool,
      claimed.map(({ scope }) => scope.key),
    );
    return;
  }
  await withTransaction(pool, async (tx) => {
    const counters = await lockCounters(
      tx,
      claimed.map(({ scope }) => scope.key),
      now,
    );
    for (const { scope, before, after } of claimed) {
      const current = counters.get(scope.key);
      if (identifiedKeys.has(scope.key)) await deleteCounters(tx, [scope.key]);
      else if (current) await saveCounter(tx, scope.key, giveBack(scope.policy, current, { before, after }));
    }
  });
}

/**
 * Counts a wrong PIN against the client (its clientKey: a registered kiosk, else an address; only a wrong PIN
 * ever is); returns until when the client's failures are slowed, if they now are.
 */
export async function recordClientFailure(pool: Pool, key: string, now: Date): Promise<Date | null> {
  const at = now.getTime();
  const slowedUntil = await withTransaction(pool, async (tx) => {
    const counter = (await lockCounters(tx, [key], now)).get(key);
    const next = afterAddressFailure(ADDRESS_FAILURE_LIMIT, counter?.lockedUntil ?? null, at);
    await saveCounter(tx, key, { failures: (counter?.failures ?? 0) + 1, lastAttemptAt: at, lockedUntil: next });
    return next;
  });
  return isSlowed(slowedUntil, at) ? new Date(slowedUntil) : null;
}
