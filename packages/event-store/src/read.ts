import type { Queryable } from '@ams/db';
import type { GlobalPosition, Metadata, RecordedEvent } from './types.ts';

interface EventRow {
  global_position: number;
  transaction_id: string;
  stream_id: string;
  stream_position: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Metadata;
  recorded_at: Date;
}

const eventColumns = `e.global_position, e.transaction_id::text AS transaction_id, e.stream_id, e.stream_position,
  e.event_id, e.type, e.data, e.metadata, e.recorded_at`;

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamPosition: row.stream_position,
    globalPosition: row.global_position,
    transactionId: row.transaction_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
}

export interface StreamRead {
  /** The position of the stream's last event; 0 when the stream has none. */
  version: number;
  exists: boolean;
  events: RecordedEvent[];
}

// One statement, so the version and the events come from the same snapshot.
const readStreamSql = `
SELECT s.version, ${eventColumns}
  FROM streams s
  LEFT JOIN events e ON e.stream_id = s.stream_id AND e.stream_position >= $2
 WHERE s.stream_id = $1
 ORDER BY e.stream_position`;

/** The stream's events from position `from` (default 1) and its version. */
export async function readStream(db: Queryable, streamId: string, options: { from?: number } = {}): Promise<StreamRead> {
  // Named: every command reads its stream, so the server plans this once per connection.
  const { rows } = await db.query<{ version: number } & { [K in keyof EventRow]: EventRow[K] | null }>({
    name: 'event-store.read-stream',
    text: readStreamSql,
    values: [streamId, options.from ?? 1],
  });
  const first = rows[0];
  if (!first) return { version: 0, exists: false, events: [] };
  const events = rows.filter((row): row is { version: number } & EventRow => row.event_id !== null).map(toRecordedEvent);
  return { version: first.version, exists: true, events };
}

const readStreamsSql = `
SELECT s.stream_id AS of_stream, s.version, ${eventColumns}
  FROM streams s
  LEFT JOIN events e ON e.stream_id = s.stream_id
 WHERE s.stream_id = ANY($1::text[])
 ORDER BY s.stream_id, e.stream_position`;

/** Several whole streams in one statement (a projection's batch); streams without events are left out. */
export async function readStreams(db: Queryable, streamIds: readonly string[]): Promise<Map<string, StreamRead>> {
  const streams = new Map<string, StreamRead>();
  if (streamIds.length === 0) return streams;
  const { rows } = await db.query<{ of_stream: string; version: number } & { [K in keyof EventRow]: EventRow[K] | null }>({
    name: 'event-store.read-streams',
    text: readStreamsSql,
    values: [streamIds],
  });
  for (const row of rows) {
    let stream = streams.get(row.of_stream);
    if (!stream) streams.set(row.of_stream, (stream = { version: row.version, exists: true, events: [] }));
    if (row.event_id !== null) stream.events.push(toRecordedEvent(row as EventRow));
  }
  return streams;
}

/**
 * Events in the global order after `after`, only from transactions older than every transaction still
 * in flight: an event committed later with a smaller position can then never be passed over.
 */
const readAllSql = `
SELECT ${eventColumns}
  FROM events e
 WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
   AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
 ORDER BY e.transaction_id, e.global_position
 LIMIT $3`;

const beginning: GlobalPosition = { transactionId: '0', position: 0 };

export async function readAll(db: Queryable, options: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
  const after = options.after ?? beginning;
  const { rows } = await db.query<EventRow>(readAllSql, [after.transactionId, after.position, options.limit]);
  return rows.map(toRecordedEvent);
}

const hasHeldBackEventsSql = `
SELECT EXISTS (
  SELECT 1 FROM events e
   WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
     AND e.transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
) AS held_back`;

/** True when committed events after `after` wait for an older transaction still in flight. */
export async function hasHeldBackEvents(db: Queryable, after: GlobalPosition | null): Promise<boolean> {
  const position = after ?? beginning;
  const { rows } = await db.query<{ held_back: boolean }>(hasHeldBackEventsSql, [position.transactionId, position.position]);
  return rows[0]?.held_back ?? false;
}
