import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PoolClient } from '@ams/db';
import { pollingWithNotifications } from '@ams/worker';
import { append } from './append.ts';
import { startSubscription } from './subscription.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import type { RecordedEvent } from './types.ts';

// Notifications travel between a server's sessions: PostgreSQL only (PGlite has one session).
let database: EventStoreDatabase;

beforeAll(async () => {
  database = await createEventStoreDatabase('subscription_notify_test');
});

afterAll(async () => {
  await database?.dispose();
});

function notifiedSubscription(handled: string[], pollIntervalMs: number) {
  return startSubscription({
    pool: database.pool,
    name: 'notified',
    pollIntervalMs,
    polling: pollingWithNotifications,
    handle: async (_tx: PoolClient, events: readonly RecordedEvent[]) => void handled.push(...events.map((e) => e.type)),
  });
}

async function listeners(): Promise<number> {
  const { rows } = await database.pool.query(`SELECT 1 FROM pg_stat_activity WHERE query LIKE 'LISTEN%' AND datname = current_database()`);
  return rows.length;
}

beforeEach(async () => {
  await database.pool.query('TRUNCATE events, streams, subscription_checkpoints');
});

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

describe('a subscription that listens for notifications', () => {
  it("handles another process's append at once instead of at its next poll, and gives its connection back on stop", async () => {
    const handled: string[] = [];
    // Would not poll again for a minute: only the append's notification explains a prompt delivery.
    const subscription = notifiedSubscription(handled, 60_000);
    try {
      await until(async () => (await listeners()) === 1, 5_000);
      await sleep(50); // the first scheduled run finds the store empty
      await append(database.pool, `stream-${randomUUID()}`, [{ id: randomUUID(), type: 'Appended', data: {} }], 'no-stream');
      await until(() => handled.length === 1, 2_000);
      expect(handled).toEqual(['Appended']);
    } finally {
      await subscription.stop();
    }
    await until(async () => (await listeners()) === 0, 2_000);
  });

  it('delivers events left behind a transaction that is then rolled back (a killed replica) without waiting for the safety poll', async () => {
    const handled: string[] = [];
    const subscription = notifiedSubscription(handled, 200);
    const inFlight = await database.pool.connect();
    try {
      await until(async () => (await listeners()) === 1, 5_000);
      await inFlight.query('BEGIN');
      await append(inFlight, 'stream-rolled-back', [{ id: randomUUID(), type: 'RolledBack', data: {} }], 'no-stream');
      // Committed after the open transaction began: held back behind it, so its notification delivers nothing yet.
      await append(database.pool, 'stream-committed', [{ id: randomUUID(), type: 'Committed', data: {} }], 'no-stream');
      await sleep(300);
      expect(handled).toEqual([]);
      await inFlight.query('ROLLBACK');
      // The safety poll would come 5 s later; the look-again comes after the 200 ms interval.
      await until(() => handled.length === 1, 2_000);
      expect(handled).toEqual(['Committed']);
    } finally {
      inFlight.release();
      await subscription.stop();
    }
  });
});
