import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { pollingWithNotifications } from '@ams/worker';
import type { EventEnvelope } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { busMigrations } from './migrations.ts';
import { enqueue } from './outbox.ts';
import { startOutboxRelay, type OutboxRelay } from './outbox-relay.ts';

// Notifications travel between a server's sessions: PostgreSQL only (PGlite has one session).
let database: TestDatabase;
let relayPool: Pool;
/** Another replica's connection to the same database. */
let replicaPool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'notify_test', sources: [busMigrations] });
  relayPool = createPool({ connectionString: database.url, schema: 'notify_test', applicationName: 'relay-under-test' });
  replicaPool = createPool({ connectionString: database.url, schema: 'notify_test' });
});

afterAll(async () => {
  await relayPool?.end();
  await replicaPool?.end();
  await database?.dispose();
});

/** Relays a test started: stopped after it even when it failed, so none holds the lease for the next. */
const started: OutboxRelay[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((relay) => relay.stop()));
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

/** The relay's listening session, once it listens. */
async function listeningBackend(): Promise<number> {
  let pid: number | undefined;
  await until(async () => {
    const { rows } = await replicaPool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'relay-under-test' AND query LIKE 'LISTEN%' AND datname = current_database()`,
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
  await sleep(50); // the first scheduled run finds the outbox empty
  return relay;
}

describe('an outbox relay that listens for notifications', () => {
  it("publishes another replica's commit at once instead of at its next poll", async () => {
    const received: number[] = [];
    const relay = await listeningRelay(received);
    await listeningBackend();
    await withTransaction(replicaPool, (tx) => enqueue(tx, [event(1), event(2)]));
    await until(() => received.length === 2, 2_000);
    await relay.stop();
    expect(received).toEqual([1, 2]);
  });

  it('listens again after its connection is lost, and publishes what was committed meanwhile', async () => {
    const received: number[] = [];
    const relay = await listeningRelay(received);
    const lost = await listeningBackend();
    await replicaPool.query('SELECT pg_terminate_backend($1)', [lost]);
    await withTransaction(replicaPool, (tx) => enqueue(tx, [event(1)]));
    await until(() => received.length === 1, 5_000);
    expect(await listeningBackend()).not.toBe(lost);
    await withTransaction(replicaPool, (tx) => enqueue(tx, [event(2)]));
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
