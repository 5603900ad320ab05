import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, listenForNotifications, type NotificationListener, type Pool, type PoolClient } from '@ams/db';
import { pollingWithNotifications } from '@ams/worker';
import { append } from './append.ts';
import { appendNotifier, EVENTS_CHANNEL } from './append-notifier.ts';
import { createCommandHandler } from './command-handler.ts';
import { startSubscription } from './subscription.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import { workDayDecider } from './test-support/work-day-decider.ts';
import type { RecordedEvent } from './types.ts';

// Notifications travel between a server's sessions: PostgreSQL only (PGlite has one session).
let database: EventStoreDatabase;
/** Another process's connections to the same database: it appends and announces its commits. */
let writerPool: Pool;
/** A bystander that counts the notifications on the events' channel. */
let counterPool: Pool;

beforeAll(async () => {
  database = await createEventStoreDatabase('subscription_notify_test');
  writerPool = createPool({ connectionString: database.url, schema: database.schema, max: 16 });
  counterPool = createPool({ connectionString: database.url, schema: database.schema, applicationName: 'notification-counter' });
});

afterAll(async () => {
  await writerPool?.end();
  await counterPool?.end();
  await database?.dispose();
});

const listening: NotificationListener[] = [];

afterEach(async () => {
  await Promise.all(listening.splice(0).map((listener) => listener.close()));
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

/** Counts the notifications on the events' channel, from the moment it resolves (`others` listeners were there before). */
async function countNotifications(others: number): Promise<{ count: number }> {
  const counted = { count: 0 };
  listening.push(listenForNotifications(counterPool, EVENTS_CHANNEL, () => void (counted.count += 1)));
  await until(async () => (await listeners()) === others + 1, 5_000);
  return counted;
}

describe('a subscription that listens for notifications', () => {
  it("handles another process's append at once instead of at its next poll, and gives its connection back on stop", async () => {
    const handled: string[] = [];
    // Polls only every 5 s (the safety net): only the append's notification explains a prompt delivery. The
    // interval is the look-again's after events held back by transactions in flight anywhere on the server.
    const subscription = notifiedSubscription(handled, 1_000);
    const notifier = appendNotifier(writerPool);
    try {
      await until(async () => (await listeners()) === 1, 5_000);
      await sleep(50); // the first scheduled run finds the store empty
      await append(writerPool, `stream-${randomUUID()}`, [{ id: randomUUID(), type: 'Appended', data: {} }], 'no-stream');
      notifier.notify();
      await until(() => handled.length === 1, 3_000);
      expect(handled).toEqual(['Appended']);
    } finally {
      await notifier.close();
      await subscription.stop();
    }
    await until(async () => (await listeners()) === 0, 2_000);
  });

  it("handles every append of another process's burst of writers, the last one well before the safety poll, with far fewer notifications than appends", async () => {
    const handled: string[] = [];
    const subscription = notifiedSubscription(handled, 1_000);
    const notifier = appendNotifier(writerPool);
    const handler = createCommandHandler({ pool: writerPool, decider: workDayDecider, notifier });
    const writers = 16;
    const daysEach = 10;
    try {
      await until(async () => (await listeners()) === 1, 5_000);
      const notifications = await countNotifications(1);
      await sleep(50); // the first scheduled run finds the store empty
      const started = Date.now();
      await Promise.all(
        Array.from({ length: writers }, async (_, writer) => {
          for (let day = 0; day < daysEach; day += 1) await handler.handle(`day-${writer}-${day}`, { type: 'ClockIn', at: '08:00' });
        }),
      );
      const burstMs = Date.now() - started;
      const lastCommitted = Date.now();
      await until(() => handled.length === writers * daysEach, 4_000);
      // The safety poll would come 5 s after the subscription's last run; the last append's notification at most 50 ms after it.
      expect(Date.now() - lastCommitted).toBeLessThan(4_000);
      expect(handled.every((type) => type === 'ClockedIn')).toBe(true);
      // At most one notification every 50 ms, and one after the last append.
      expect(notifications.count).toBeGreaterThan(0);
      expect(notifications.count).toBeLessThanOrEqual(Math.ceil(burstMs / 50) + 2);
      expect(notifications.count).toBeLessThan(writers * daysEach);
    } finally {
      await notifier.close();
      await subscription.stop();
    }
  });

  it('notifies nothing for appends nobody announces: the appending transactions themselves never notify', async () => {
    const notifications = await countNotifications(0);
    await append(writerPool, `stream-${randomUUID()}`, [{ id: randomUUID(), type: 'Appended', data: {} }], 'no-stream');
    await createCommandHandler({ pool: writerPool, decider: workDayDecider }).handle('day-quiet', { type: 'ClockIn', at: '08:00' });
    await sleep(200);
    expect(notifications.count).toBe(0);
  });

  it('delivers events left behind a transaction that is then rolled back (a killed replica) without waiting for the safety poll', async () => {
    const handled: string[] = [];
    const subscription = notifiedSubscription(handled, 200);
    const notifier = appendNotifier(writerPool);
    const inFlight = await writerPool.connect();
    try {
      await until(async () => (await listeners()) === 1, 5_000);
      await inFlight.query('BEGIN');
      await append(inFlight, 'stream-rolled-back', [{ id: randomUUID(), type: 'RolledBack', data: {} }], 'no-stream');
      // Committed after the open transaction began: held back behind it, so its notification delivers nothing yet.
      await append(writerPool, 'stream-committed', [{ id: randomUUID(), type: 'Committed', data: {} }], 'no-stream');
      notifier.notify();
      await sleep(300);
      expect(handled).toEqual([]);
      await inFlight.query('ROLLBACK');
      // The safety poll would come 5 s later; the look-again comes after the 200 ms interval.
      await until(() => handled.length === 1, 2_000);
      expect(handled).toEqual(['Committed']);
    } finally {
      inFlight.release();
      await notifier.close();
      await subscription.stop();
    }
  });
});
