import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sharesOneSession, type Pool } from './pool.ts';

export interface BatchSizes {
  /** Rows of the first batch: smaller, so the first rows come sooner. */
  first: number;
  next: number;
}

/**
 * The rows of one query, batch by batch, through a server-side cursor on one connection: the server plans and
 * runs the statement once and hands its rows over as they are asked for, instead of a query per batch.
 * On a server the cursor lives in a read-only repeatable-read transaction (one snapshot, rows streamed as they
 * are produced). Where the connections share one session that runs one transaction at a time (PGlite), no
 * transaction may stay open between batches: the cursor is declared WITH HOLD, its rows kept by the server
 * when its statement commits, and each fetch is a transaction of its own.
 */
export async function* cursorBatches<Row extends object>(pool: Pool, sql: string, params: readonly unknown[], sizes: BatchSizes): AsyncGenerator<Row[]> {
  // Unique: on a shared session every connection sees every cursor.
  const cursor = pg.escapeIdentifier(`batches_${randomUUID()}`);
  const held = sharesOneSession(pool);
  const client = await pool.connect();
  let declared = false;
  let failed = false;
  let broken = false;
  try {
    if (!held) await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE ${cursor} NO SCROLL CURSOR ${held ? 'WITH HOLD ' : ''}FOR ${sql}`, [...params]);
    declared = true;
    for (let size = sizes.first; ; size = sizes.next) {
      const { rows } = await client.query<Row>(`FETCH FORWARD ${Math.trunc(size)} FROM ${cursor}`);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
    }
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    try {
      if (!held) await client.query(failed ? 'ROLLBACK' : 'COMMIT');
      else if (declared) await client.query(`CLOSE ${cursor}`);
    } catch {
      // A connection whose cursor or transaction could not be ended is not reused.
      broken = true;
    }
    client.release(broken);
  }
}
