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
