import type { Queryable } from '@ams/db';
import type { NewEvent } from './types.ts';

/** See the try_append function in the migration: one round trip, nothing changed on a conflict. */
const tryAppendSql = 'SELECT new_version AS version, new_global_positions AS global_positions FROM try_append($1, $2, $3, $4, $5, $6)';

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
