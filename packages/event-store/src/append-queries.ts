import type { Queryable } from '@ams/db';
import type { NewEvent } from './types.ts';

/**
 * One statement, one round trip: bumps the stream's version when it still equals the expected one
 * (taking the stream row lock) and inserts the events behind it. It changes nothing when the version
 * differs or when one of the ids is already stored; the caller then asks `findAppendConflict` why.
 * A NULL expected version ('any') means "the version this statement sees": a concurrent append
 * then makes it change nothing, and the caller retries.
 */
const tryAppendSql = `
WITH
  existing AS (
    SELECT 1 FROM events WHERE event_id = ANY($2::uuid[]) LIMIT 1
  ),
  expected AS (
    SELECT COALESCE($6::int, (SELECT version FROM streams WHERE stream_id = $1), 0) AS version
  ),
  updated AS (
    UPDATE streams SET version = version + cardinality($2::uuid[])
     WHERE stream_id = $1
       AND version = (SELECT version FROM expected)
       AND NOT EXISTS (SELECT 1 FROM existing)
    RETURNING version
  ),
  created AS (
    INSERT INTO streams (stream_id, version)
    SELECT $1, cardinality($2::uuid[])
     WHERE (SELECT version FROM expected) = 0
       AND NOT EXISTS (SELECT 1 FROM existing)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING version
  ),
  bumped AS (
    SELECT version FROM updated UNION ALL SELECT version FROM created
  ),
  inserted AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
    SELECT $1, bumped.version - cardinality($2::uuid[]) + e.ordinal, e.event_id, e.type, e.data, e.metadata
      FROM bumped,
           unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])
             WITH ORDINALITY AS e(event_id, type, data, metadata, ordinal)
     ORDER BY e.ordinal
    RETURNING global_position
  )
SELECT (SELECT version FROM bumped) AS version,
       ARRAY(SELECT global_position FROM inserted ORDER BY global_position) AS global_positions`;

export interface TryAppendResult {
  /** The stream's new version, or null when nothing was appended. */
  version: number | null;
  globalPositions: number[];
}

export async function tryAppend(
  db: Queryable,
  streamId: string,
  events: readonly NewEvent[],
  expectedVersion: number | null,
): Promise<TryAppendResult> {
  // Named, so each connection parses and plans this statement once rather than on every append.
  const { rows } = await db.query<{ version: number | null; global_positions: number[] }>({
    name: 'event-store.try-append',
    text: tryAppendSql,
    values: [
      streamId,
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => JSON.stringify(event.data)),
      events.map((event) => JSON.stringify(event.metadata ?? {})),
      expectedVersion,
    ],
  });
  const row = rows[0];
  // bigint[] arrives as strings: pg's int8 parser does not apply to array elements.
  return { version: row?.version ?? null, globalPositions: (row?.global_positions ?? []).map(Number) };
}

export interface StoredEventRef {
  id: string;
  streamId: string;
  streamPosition: number;
  globalPosition: number;
}

export interface AppendConflict {
  /** The stream's current version (0 when it has no events). */
  version: number;
  /** The events among the given ids that are already stored, in any stream. */
  stored: StoredEventRef[];
}

const findAppendConflictSql = `
SELECT s.version, e.event_id, e.stream_id, e.stream_position, e.global_position
  FROM (SELECT COALESCE((SELECT version FROM streams WHERE stream_id = $1), 0) AS version) s
  LEFT JOIN events e ON e.event_id = ANY($2::uuid[])`;

export async function findAppendConflict(
  db: Queryable,
  streamId: string,
  eventIds: readonly string[],
): Promise<AppendConflict> {
  const { rows } = await db.query<{
    version: number;
    event_id: string | null;
    stream_id: string | null;
    stream_position: number | null;
    global_position: number | null;
  }>(findAppendConflictSql, [streamId, eventIds]);
  const stored: StoredEventRef[] = [];
  for (const row of rows) {
    if (row.event_id === null || row.stream_id === null) continue;
    stored.push({
      id: row.event_id,
      streamId: row.stream_id,
      streamPosition: row.stream_position ?? 0,
      globalPosition: row.global_position ?? 0,
    });
  }
  return { version: rows[0]?.version ?? 0, stored };
}

export async function streamVersion(db: Queryable, streamId: string): Promise<number> {
  const { rows } = await db.query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
  return rows[0]?.version ?? 0;
}
