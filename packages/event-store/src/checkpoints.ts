import type { Queryable } from '@ams/db';
import type { GlobalPosition } from './types.ts';

const lockCheckpointSql = `
SELECT last_transaction_id::text AS "transactionId", last_global_position AS position
  FROM subscription_checkpoints WHERE name = $1 FOR UPDATE`;

/**
 * The subscription's checkpoint, locked until the transaction ends so that two runners of the same
 * subscription (two replicas) process batches one after the other.
 */
export async function lockCheckpoint(db: Queryable, name: string): Promise<GlobalPosition> {
  const found = await db.query<GlobalPosition>(lockCheckpointSql, [name]);
  if (found.rows[0]) return found.rows[0];
  await db.query('INSERT INTO subscription_checkpoints (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  const created = await db.query<GlobalPosition>(lockCheckpointSql, [name]);
  if (!created.rows[0]) throw new Error(`Checkpoint ${name} vanished while being created`);
  return created.rows[0];
}

export async function saveCheckpoint(db: Queryable, name: string, position: GlobalPosition): Promise<void> {
  await db.query(
    `UPDATE subscription_checkpoints
        SET last_transaction_id = $2::xid8, last_global_position = $3, updated_at = now()
      WHERE name = $1`,
    [name, position.transactionId, position.position],
  );
}

export async function readCheckpoint(db: Queryable, name: string): Promise<GlobalPosition | null> {
  const { rows } = await db.query<GlobalPosition>(
    `SELECT last_transaction_id::text AS "transactionId", last_global_position AS position
       FROM subscription_checkpoints WHERE name = $1`,
    [name],
  );
  return rows[0] ?? null;
}

/** Starts the subscription over from the first event; clear its projection in the same transaction. */
export async function resetSubscription(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM subscription_checkpoints WHERE name = $1', [name]);
}

/**
 * Whether events were committed after the subscription's checkpoint (projectable now or held back by an
 * older transaction still in flight). One indexed read, no transaction: cheap enough for a projection to
 * ask every few milliseconds before it runs a batch.
 */
export async function hasEventsAfterCheckpoint(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ pending: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM events e
        WHERE (e.transaction_id, e.global_position) > (
          COALESCE((SELECT last_transaction_id FROM subscription_checkpoints WHERE name = $1), '0'::xid8),
          COALESCE((SELECT last_global_position FROM subscription_checkpoints WHERE name = $1), 0))
     ) AS pending`,
    [name],
  );
  return rows[0]?.pending ?? false;
}
