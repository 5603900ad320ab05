import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, listenForNotifications, migrate, withTransaction, type NotificationListener, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { pollingWithNotifications } from '@ams/worker';
import type { EventEnvelope } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { busMigrations } from './migrations.ts';
import { enqueue } from './outbox.ts';
import { OUTBOX_CHANNEL, startOutboxRelay, type OutboxRelay } from './outbox-relay.ts';
import { withOutbox } from './unit-of-work.ts';

// Notifications travel between a server's sessions: PostgreSQL only (PGlite has one session).
let database: TestDatabase;
let relayPool: Pool;
/** Another replica's connection to the same database. */
let replicaPool: Pool;
/** A bystander that counts the notifications on the outbox's channel. */
let counterPool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'notify_test', sources: [busMigrations] });
  relayPool = createPool({ connectionString: database.url, schema: 'notify_test', applicationName: 'relay-under-test' });
  replicaPool = createPool({ connectionString: database.url, schema: 'notify_test', max: 16 });
  counterPool = createPool({ connectionString: database.url, schema: 'notify_test', applicationName: 'notification-counter' });
});

afterAll(async () => {
  await relayPool?.end();
  await replicaPool?.end();
  await counterPool?.end();
  await database?.dispose();
});

/** Relays and listeners a test started: stopped after it even when it failed, so none holds the lease for the next. */
const started: Array<OutboxRelay | NotificationListener> = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((stoppable) => ('stop' in stoppable ? stoppable.stop() : stoppable.close())));
});

beforeEach(async () => {
  await replicaPool.query('TRUNCATE outbox');
  await replicaPool.query(`UPDATE outbox_relay_lease SET holder = NULL, lease_until = '-infinity'`);
});

function event(n: number): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'employee.EmployeeCreated',
    version: 1,
    key: 'employee-1',
    occurredAt: new Date().toISOString(),
    payload: { n },
    metadata: {},
  };
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** The listening session of the pool named `applicationName`, once it listens. */
async function listeningBackend(applicationName = 'relay-under-test'): Promise<number> {
  let pid: number | undefined;
  await until(async () => {
    const { rows } = await replicaPool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%' AND datname = current_database()`,
      [applicationName],
    );
    pid = rows[0]?.pid;
    return pid !== undefined;
  }, 5_000);
  return pid as number;
}

/** A relay that would not poll again for a minute: only a notification explains a prompt publication. */
async function listeningRelay(received: number[]): Promise<OutboxRelay> {
  const bus = createInProcessBus();
  await bus.subscribe('audit', ['ams.employee'], async (e) => void received.push((e.payload as { n: number }).n));
  const relay = startOutboxRelay({ pool: relayPool, bus, pollIntervalMs: 60_000, polling: pollingWithNotifications });
  started.push(relay);
  await sleep(50); // the first scheduled run finds the outbox empty and takes the lease
  return relay;
}

/** Another replica's relay: the lease is the first relay's, so this one announces its process's commits to it. */
function replicaRelay(): OutboxRelay {
  const relay = startOutboxRelay({ pool: replicaPool, bus: createInProcessBus(), pollIntervalMs: 60_000, polling: pollingWithNotifications });
  started.push(relay);
  return relay;
}

/** Counts the notifications on the outbox's channel, from the moment it resolves. */
async function countNotifications(): Promise<{ count: number }> {
  const counted = { count: 0 };
  started.push(listenForNotifications(counterPool, OUTBOX_CHANNEL, () => void (counted.count += 1)));
  await listeningBackend('notification-counter');
  return counted;
}

describe('an outbox relay that listens for notifications', () => {
  it("publishes another replica's commit at once instead of at its next poll", async () => {
    const received: number[] = [];
    const relay = await listeningRelay(received);
    await listeningBackend();
    const replica = replicaRelay();
    await withOutbox({ pool: replicaPool, relay: replica }, async (_tx, record) => {
      record(event(1));
      record(event(2));
    });
    await until(() => received.length === 2, 2_000);
    await relay.stop();
    expect(received).toEqual([1, 2]);
  });

  it('publishes every commit of a burst of writers in another replica, the last one well before the safety poll, with far fewer notifications than commits', async () => {
    const received: number[] = [];
    await listeningRelay(received);
    await listeningBackend();
    const notifications = await countNotifications();
    const replica = replicaRelay();
    const writers = 16;
    const commitsEach = 10;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        for (let i = 0; i < commitsEach; i += 1) {
          await withOutbox({ pool: replicaPool, relay: replica }, async (_tx, record) => void record(event(writer * commitsEach + i)));
        }
      }),
    );
    const burstMs = Date.now() - started;
    const lastCommitted = Date.now();
    await until(() => received.length === writers * commitsEach, 2_000);
    // The safety poll would come 5 s after the relay's last run; the last commit's notification comes at most 50 ms after it.
    expect(Date.now() - lastCommitted).toBeLessThan(2_000);
    expect([...received].sort((a, b) => a - b)).toEqual(Array.from({ length: writers * commitsEach }, (_, n) => n));
    // At most one notification every 50 ms, and one after the last commit.
    expect(notifications.count).toBeGreaterThan(0);
    expect(notifications.count).toBeLessThanOrEqual(Math.ceil(burstMs / 50) + 2);
    expect(notifications.count).toBeLessThan(writers * commitsEach);
  });

  it('notifies after the commits of the lease holder too (another replica takes over should it die), never from the enqueueing transaction', async () => {
    const received: number[] = [];
    const relay = await listeningRelay(received);
    await listeningBackend();
    const notifications = await countNotifications();
    await withTransaction(replicaPool, (tx) => enqueue(tx, [event(1)]));
    await sleep(200);
    expect(notifications.count).toBe(0);
    for (let n = 2; n <= 6; n += 1) await withOutbox({ pool: relayPool, relay }, async (_tx, record) => void record(event(n)));
    await until(() => notifications.count > 0, 2_000);
    await sleep(200);
    expect(received).toEqual([1, 2, 3, 4, 5, 6]);
    expect(notifications.count).toBeLessThanOrEqual(5);
  });

  it('listens again after its connection is lost, and publishes what was committed meanwhile', async () => {
    const received: number[] = [];
    const relay = await listeningRelay(received);
    const lost = await listeningBackend();
    const replica = replicaRelay();
    await replicaPool.query('SELECT pg_terminate_backend($1)', [lost]);
    await withOutbox({ pool: replicaPool, relay: replica }, async (_tx, record) => void record(event(1)));
    await until(() => received.length === 1, 5_000);
    expect(await listeningBackend()).not.toBe(lost);
    await withOutbox({ pool: replicaPool, relay: replica }, async (_tx, record) => void record(event(2)));
    await until(() => received.length === 2, 2_000);
    await relay.stop();
    expect(received).toEqual([1, 2]);
  });

  it('gives its listening connection back when it stops', async () => {
    const relay = await listeningRelay([]);
    await listeningBackend();
    await relay.stop();
    // The session ends a moment after the connection is closed.
    await until(async () => {
      const { rows } = await replicaPool.query<{ listening: number }>(
        `SELECT count(*)::int AS listening FROM pg_stat_activity WHERE application_name = 'relay-under-test' AND query LIKE 'LISTEN%'`,
      );
      return rows[0]?.listening === 0;
    }, 2_000);
  });
});
