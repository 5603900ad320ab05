import type { Queryable } from '@ams/db';
import type { EventEnvelope } from './bus.ts';

/**
 * The outbox rows of `events`, as an insert another statement can carry (an event-store append's side
 * insert): the events then go out exactly when that statement commits.
 */
export function outboxRows(events: readonly EventEnvelope[]) {
  return {
    name: 'bus.outbox',
    into: 'outbox (event_id, envelope)',
    rows: 'SELECT * FROM unnest($1::uuid[], $2::jsonb[])',
    values: [events.map((event) => event.id), events.map((event) => JSON.stringify(event))],
  };
}

/** Stores events in the caller's transaction; the relay publishes them after the commit. */
export async function enqueue(tx: Queryable, events: readonly EventEnvelope[]): Promise<void> {
  if (events.length === 0) return;
  const rows = outboxRows(events);
  // Named: every command of every service runs it, so the server plans it once per connection.
  await tx.query({ name: 'bus.enqueue', text: `INSERT INTO ${rows.into} ${rows.rows}`, values: rows.values });
}

export type LeaseAnswer = { held: true } | { held: false; endsInMs: number };

/**
 * Takes or renews the relay lease: held when `holder` may publish until the lease ends; otherwise how
 * long another holder's lease still runs (on the database's clock, the one the lease is written in).
 */
export async function acquireLease(db: Queryable, holder: string, leaseMs: number): Promise<LeaseAnswer> {
  const { rows } = await db.query<{ held: boolean; ends_in_ms: number }>(
    `WITH taken AS (
       UPDATE outbox_relay_lease
          SET holder = $1, lease_until = clock_timestamp() + make_interval(secs => $2::double precision / 1000)
        WHERE id = 1 AND (holder = $1 OR lease_until < clock_timestamp())
       RETURNING id)
     SELECT EXISTS (SELECT 1 FROM taken) AS held,
            -- A released lease is '-infinity', which cannot be subtracted from.
            GREATEST(0, EXTRACT(EPOCH FROM GREATEST(lease_until, clock_timestamp()) - clock_timestamp()) * 1000)::float8 AS ends_in_ms
       FROM outbox_relay_lease WHERE id = 1`,
    [holder, leaseMs],
  );
  const row = rows[0];
  return row?.held ? { held: true } : { held: false, endsInMs: row?.ends_in_ms ?? 0 };
}

export async function releaseLease(db: Queryable, holder: string): Promise<void> {
  await db.query(`UPDATE outbox_relay_lease SET holder = NULL, lease_until = '-infinity' WHERE id = 1 AND holder = $1`, [holder]);
}

export interface PendingEvent {
  position: number;
  envelope: EventEnvelope;
}

export async function readPending(db: Queryable, limit: number): Promise<PendingEvent[]> {
  const { rows } = await db.query<PendingEvent>(`SELECT position, envelope FROM outbox WHERE published_at IS NULL ORDER BY position LIMIT $1`, [limit]);
  return rows;
}

export async function markPublished(db: Queryable, positions: readonly number[]): Promise<void> {
  await db.query(`UPDATE outbox SET published_at = now() WHERE position = ANY($1::bigint[])`, [positions]);
}

export async function countUnpublished(db: Queryable, eventIds: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox WHERE event_id = ANY($1::uuid[]) AND published_at IS NULL', [
    eventIds,
  ]);
  return rows[0]?.count ?? 0;
}

/** Published rows are kept a while for inspection and replay, then removed. */
export async function prunePublished(db: Queryable, olderThanMs: number): Promise<void> {
  await db.query(`DELETE FROM outbox WHERE published_at < now() - make_interval(secs => $1::double precision / 1000)`, [olderThanMs]);
}

/**
 * Erasure: deletes the published rows whose event mentions any of `terms` (the person's ids, old addresses),
 * case-insensitively, instead of keeping their personal data until the prune. Rows not yet published still go
 * out: consumers must see them before the erasure that follows them.
 */
export async function forgetPublishedAbout(db: Queryable, terms: readonly string[]): Promise<void> {
  const needles = terms.filter((term) => term.length > 0).map((term) => term.toLowerCase());
  if (needles.length === 0) return;
  await db.query(
    `DELETE FROM outbox WHERE published_at IS NOT NULL AND EXISTS (SELECT FROM unnest($1::text[]) AS needle WHERE strpos(lower(envelope::text), needle) > 0)`,
    [needles],
  );
}
