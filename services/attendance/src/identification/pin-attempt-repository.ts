import type { AttemptCounter } from '@ams/credentials';
import type { PoolClient, Queryable } from '@ams/db';

// SQL only: the wrong-PIN counters (kiosk_pin_attempts), per person and per client address.

/**
 * Locks the counters of `keys` (creating empty ones) for the caller's transaction, in key order, and reads them:
 * one statement (the no-op update of an existing row takes its lock and returns it as it is).
 */
export async function lockCounters(tx: PoolClient, keys: readonly string[], now: Date): Promise<Map<string, AttemptCounter>> {
  const sorted = [...new Set(keys)].sort();
  const { rows } = await tx.query<{ scope: string; failures: number; lastAttemptAt: Date; lockedUntil: Date | null }>(
    `INSERT INTO kiosk_pin_attempts AS a (scope, failures, last_attempt_at)
       SELECT scope, 0, $2 FROM unnest($1::text[]) WITH ORDINALITY AS u(scope, n) ORDER BY n
     ON CONFLICT (scope) DO UPDATE SET failures = a.failures
     RETURNING scope, failures, last_attempt_at AS "lastAttemptAt", locked_until AS "lockedUntil"`,
    [sorted, now],
  );
  return new Map(
    rows.map((row) => [row.scope, { failures: row.failures, lastAttemptAt: row.lastAttemptAt.getTime(), lockedUntil: row.lockedUntil?.getTime() ?? null }]),
  );
}

/** Creates the counter of `key` as `counter` unless it exists (or another transaction is creating it); answers whether it did. */
export async function createCounter(db: Queryable, key: string, counter: AttemptCounter): Promise<boolean> {
  const { rowCount } = await db.query(
    'INSERT INTO kiosk_pin_attempts (scope, failures, last_attempt_at, locked_until) VALUES ($1, $2, $3, $4) ON CONFLICT (scope) DO NOTHING',
    [key, counter.failures, new Date(counter.lastAttemptAt), counter.lockedUntil === null ? null : new Date(counter.lockedUntil)],
  );
  return rowCount === 1;
}

export async function saveCounter(tx: PoolClient, key: string, counter: AttemptCounter): Promise<void> {
  await tx.query('UPDATE kiosk_pin_attempts SET failures = $2, last_attempt_at = $3, locked_until = $4 WHERE scope = $1', [
    key,
    counter.failures,
    new Date(counter.lastAttemptAt),
    counter.lockedUntil === null ? null : new Date(counter.lockedUntil),
  ]);
}

/** Deletes the counters of `keys` (those that exist); no lock read first: the delete waits for a holder of a row's lock. */
export async function deleteCounters(db: Queryable, keys: readonly string[]): Promise<void> {
  await db.query('DELETE FROM kiosk_pin_attempts WHERE scope = ANY($1::text[])', [[...new Set(keys)].sort()]);
}

/** Counters nobody has used since `before` and that lock nothing (up to `limit` of them); answers how many. */
export async function deleteStaleCounters(db: Queryable, before: Date, now: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM kiosk_pin_attempts WHERE scope IN (
       SELECT scope FROM kiosk_pin_attempts WHERE last_attempt_at < $1 AND (locked_until IS NULL OR locked_until <= $2) LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [before, now, limit],
  );
  return rowCount ?? 0;
}
