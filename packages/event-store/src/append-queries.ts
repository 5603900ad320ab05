import type { Queryable } from '@ams/db';
import type { NewEvent, SideInsert } from './types.ts';

/** The SQLSTATE of refuse_append (0002_append-side-inserts.sql). */
export const APPEND_REFUSED = 'ES409';

/** See the try_append function in the migration: one round trip, nothing changed on a conflict. */
const tryAppendSql = 'SELECT new_version AS version, new_global_positions AS global_positions FROM try_append($1, $2, $3, $4, $5, $6)';

const renumbered = (sql: string, offset: number) => sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

/**
 * try_append and the side inserts as one statement: each insert writes its rows only when the append
 * went through, and one that must write a row and wrote none undoes the whole statement (refuse_append).
 */
function withSideInserts(inserts: readonly SideInsert[]): string {
  let offset = 6;
  const ctes = inserts.map((insert, index) => {
    const cte = `side_${index} AS (
      INSERT INTO ${insert.into} SELECT * FROM (${renumbered(insert.rows, offset)}) AS side_rows
       WHERE (SELECT new_version FROM appended) IS NOT NULL ${insert.onConflict ?? ''}
      RETURNING 1)`;
    offset += insert.values.length;
    return cte;
  });
  const refusals = inserts.flatMap((insert, index) =>
    insert.refusal === undefined ? [] : [`WHEN NOT EXISTS (SELECT FROM side_${index}) THEN refuse_append($${(offset += 1)})`],
  );
  const refused = refusals.length === 0 ? '' : `, CASE WHEN a.new_version IS NOT NULL THEN CASE ${refusals.join(' ')} END END AS refused`;
  return `WITH appended AS MATERIALIZED (SELECT new_version, new_global_positions FROM try_append($1, $2, $3, $4, $5, $6)),
    ${ctes.join(',\n    ')}
  SELECT a.new_version AS version, a.new_global_positions AS global_positions${refused} FROM appended a`;
}

// Statement names must stay within the server's 63 characters, so the combined statements are numbered.
const combined = new Map<string, { name: string; text: string }>();

/** The combined statement for these side inserts, built once per combination (a name stands for one SQL). */
function appendWith(inserts: readonly SideInsert[]): { name: string; text: string } {
  const key = inserts.map((insert) => insert.name).join('+');
  let statement = combined.get(key);
  if (!statement) combined.set(key, (statement = { name: `event-store.append-with.${combined.size + 1}`, text: withSideInserts(inserts) }));
  return statement;
}

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
  sideInserts: readonly SideInsert[] = [],
): Promise<TryAppendResult> {
  const appendValues = [
    streamId,
    events.map((event) => event.id),
    events.map((event) => event.type),
    events.map((event) => JSON.stringify(event.data)),
    events.map((event) => JSON.stringify(event.metadata ?? {})),
    expectedVersion,
  ];
  const query =
    sideInserts.length === 0
      ? { name: 'event-store.try-append', text: tryAppendSql, values: appendValues }
      : {
          ...appendWith(sideInserts),
          values: [
            ...appendValues,
            ...sideInserts.flatMap((insert) => insert.values),
            ...sideInserts.flatMap((insert) => (insert.refusal === undefined ? [] : [insert.refusal])),
          ],
        };
  const { rows } = await db.query<{ version: number | null; global_positions: number[] }>(query);
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

export async function findAppendConflict(db: Queryable, streamId: string, eventIds: readonly string[]): Promise<AppendConflict> {
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
