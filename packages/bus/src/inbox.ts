import { performance } from 'node:perf_hooks';
import { withTransaction, type Pool, type PoolClient } from '@ams/db';
import type { EventEnvelope } from './bus.ts';

/**
 * Runs `work` for an event at most once per consumer group: the event id is recorded in the same
 * transaction as the work's writes, so a redelivered event has no second effect.
 * Returns false when the event had already been handled.
 */
export async function handleOnce(pool: Pool, group: string, event: EventEnvelope, work: (tx: PoolClient) => Promise<void>): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    const { rowCount } = await tx.query(
      `INSERT INTO inbox (consumer_group, event_id, event_type) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [group, event.id, event.type],
    );
    if (rowCount === 0) return false;
    await work(tx);
    return true;
  });
}

export interface BatchLimits {
  /**
   * Once a transaction has worked this long, it commits what it applied and the rest goes on in the next: on
   * the embedded database one transaction holds every service's writes, so none may stay open long (default 50 ms).
   */
  maxWorkMs?: number;
}

/** What one batch transaction does: `apply` each event not handled before, in order, then `finish` before the commit. */
export interface BatchWork {
  apply(event: EventEnvelope): Promise<void>;
  /** Work gathered over the events (set-wise statements), done once. */
  finish?(): Promise<void>;
}

/**
 * `handleOnce` for many events: one transaction records them all in the inbox in one statement and applies
 * `work(tx)` in order to those it had not recorded yet (a redelivered event has no second effect; an event twice
 * in the batch is applied once). Resolves with the events applied.
 */
export async function handleOnceBatch(
  pool: Pool,
  group: string,
  events: readonly EventEnvelope[],
  work: (tx: PoolClient) => BatchWork,
  limits: BatchLimits = {},
): Promise<EventEnvelope[]> {
  const maxWorkMs = limits.maxWorkMs ?? 50;
  const applied: EventEnvelope[] = [];
  let rest = events;
  while (rest.length > 0) {
    rest = await withTransaction(pool, async (tx) => {
      const { rows } = await tx.query<{ eventId: string }>(
        `INSERT INTO inbox (consumer_group, event_id, event_type)
         SELECT $1, event_id, event_type FROM unnest($2::uuid[], $3::text[]) AS e(event_id, event_type)
         ON CONFLICT DO NOTHING
         RETURNING event_id AS "eventId"`,
        [group, rest.map((event) => event.id), rest.map((event) => event.type)],
      );
      const fresh = new Set(rows.map((row) => row.eventId));
      const batch = work(tx);
      // A time budget, not business time: it bounds how long this transaction holds the database.
      const started = performance.now();
      for (const [index, event] of rest.entries()) {
        // The first is always applied, so every transaction makes progress.
        if (index > 0 && performance.now() - started > maxWorkMs) {
          // Recorded above but not applied (`fresh` holds those left): they go to the next transaction. Events
          // handled before stay recorded, or the next transaction would take them for new.
          await tx.query('DELETE FROM inbox WHERE consumer_group = $1 AND event_id = ANY($2::uuid[])', [group, [...fresh]]);
          const later = rest.slice(index);
          await batch.finish?.();
          return later;
        }
        if (!fresh.delete(event.id)) continue;
        await batch.apply(event);
        applied.push(event);
      }
      await batch.finish?.();
      return [];
    });
  }
  return applied;
}
