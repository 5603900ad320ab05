import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { pollingInOneProcess } from '@ams/worker';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import type { Bus, EventEnvelope } from './bus.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { handleOnce } from './inbox.ts';
import { busMigrations } from './migrations.ts';
import { enqueue, forgetPublishedAbout } from './outbox.ts';
import { startOutboxRelay } from './outbox-relay.ts';

let database: TestDatabase;
let pool: Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'relay_test', sources: [busMigrations] });
  pool = createPool({ connectionString: database.url, schema: 'relay_test' });
  await pool.query('CREATE TABLE effects (event_id uuid, n int)');
});

afterAll(async () => {
  await pool?.end();
  await database?.dispose();
});

beforeEach(async () => {
  await pool.query('TRUNCATE outbox, inbox, effects');
  await pool.query(`UPDATE outbox_relay_lease SET holder = NULL, lease_until = '-infinity'`);
});

function event(n: number, key = 'employee-1'): EventEnvelope {
  return { id: randomUUID(), type: 'employee.EmployeeCreated', version: 1, key, occurredAt: new Date().toISOString(), payload: { n }, metadata: {} };
}

/** A consumer whose effect is a row per handled event, recorded through the inbox. */
async function subscribeEffects(bus: Bus): Promise<void> {
  await bus.subscribe('reporting', ['ams.employee'], (e) =>
    handleOnce(pool, 'reporting', e, async (tx) => {
      await tx.query('INSERT INTO effects VALUES ($1, $2)', [e.id, (e.payload as { n: number }).n]);
    }).then(() => undefined),
  );
}

async function effects(): Promise<number[]> {
  const { rows } = await pool.query<{ n: number }>('SELECT n FROM effects ORDER BY n');
  return rows.map((row) => row.n);
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe('transactional outbox', () => {
  it('publishes what a committed transaction enqueued, in order, and marks it published', async () => {
    const bus = createInProcessBus();
    const order: number[] = [];
    await bus.subscribe('audit', ['ams.employee'], async (e) => void order.push((e.payload as { n: number }).n));
    await withTransaction(pool, (tx) => enqueue(tx, [event(1), event(2), event(3)]));
    const relay = startOutboxRelay({ pool, bus, pollIntervalMs: 20 });
    await until(async () => order.length === 3);
    await relay.stop();
    expect(order).toEqual([1, 2, 3]);
    const { rows } = await pool.query('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL');
    expect(rows[0]).toEqual({ pending: 0 });
  });

  it('flushes: resolves only after the given events were published and handled by every in-process group', async () => {
    const bus = createInProcessBus();
    await subscribeEffects(bus);
    // A slow poll, so only the flush can explain a prompt publication.
    const relay = startOutboxRelay({ pool, bus, pollIntervalMs: 60_000 });
    await sleep(50); // let the first scheduled run find the outbox empty
    const events = [event(1), event(2)];
    await withTransaction(pool, (tx) => enqueue(tx, events));
    expect(await relay.flush(events.map((e) => e.id))).toBe(true);
    expect(await effects()).toEqual([1, 2]);
    await relay.stop();
  });

  it('publishes what a wake during a run announced right after that run, not at the next poll', async () => {
    const bus = createInProcessBus();
    const order: number[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The in-process bus publishes once its consumers are done: holding this one holds the relay's run.
    await bus.subscribe('audit', ['ams.employee'], async (e) => {
      order.push((e.payload as { n: number }).n);
      if (order.length === 1) await held;
    });
    await withTransaction(pool, (tx) => enqueue(tx, [event(1)]));
    const relay = startOutboxRelay({ pool, bus, pollIntervalMs: 60_000 });
    await until(async () => order.length === 1);
    // Committed while the run publishes what it read before: it needs a run of its own.
    await withTransaction(pool, (tx) => enqueue(tx, [event(2)]));
    relay.wake();
    release();
    await until(async () => order.length === 2, 5_000);
    await relay.stop();
    expect(order).toEqual([1, 2]);
  });

  it('gives up a flush after its timeout when the bus cannot take the events', async () => {
    const failing: Bus = { ...createInProcessBus(), publish: async () => Promise.reject(new Error('broker down')) };
    const relay = startOutboxRelay({ pool, bus: failing, pollIntervalMs: 60_000 });
    const pending = event(1);
    await withTransaction(pool, (tx) => enqueue(tx, [pending]));
    expect(await relay.flush([pending.id], 200)).toBe(false);
    await relay.stop();
    const { rows } = await pool.query('SELECT count(*)::int AS pending FROM outbox WHERE published_at IS NULL');
    expect(rows[0]).toEqual({ pending: 1 });
  });

  it('bounds a flush while a send hangs (a broker that does not answer), so the write answers', async () => {
    let answer = () => {};
    const hanging: Bus = { ...createInProcessBus(), publish: () => new Promise<void>((resolve) => (answer = resolve)) };
    const relay = startOutboxRelay({ pool, bus: hanging, pollIntervalMs: 60_000, publishTimeoutMs: 60_000 });
    const pending = event(1);
    await withTransaction(pool, (tx) => enqueue(tx, [pending]));
    expect(await relay.flush([pending.id], 200)).toBe(false);
    answer(); // the broker answers at last: the run ends and the relay can stop
    await relay.stop();
  });

  it('does not hold later writes while the bus is failing, and reports the failures once', async () => {
    let attempts = 0;
    const failing: Bus = { ...createInProcessBus(), publish: async () => Promise.reject(new Error(`broker down ${(attempts += 1)}`)) };
    const reported: unknown[] = [];
    const relay = startOutboxRelay({ pool, bus: failing, pollIntervalMs: 60_000, onError: (error) => reported.push(error) });
    const first = event(1);
    await withTransaction(pool, (tx) => enqueue(tx, [first]));
    expect(await relay.flush([first.id], 60_000)).toBe(false);
    const attemptsSoFar = attempts;
    // The relay retries in the background; the next write's flush does not start a send of its own.
    const second = event(2);
    await withTransaction(pool, (tx) => enqueue(tx, [second]));
    expect(await relay.flush([second.id], 60_000)).toBe(false);
    expect(attempts).toBe(attemptsSoFar);
    await relay.stop();

    const retrying = startOutboxRelay({ pool, bus: failing, pollIntervalMs: 5, maxBackoffMs: 5, onError: (error) => reported.push(error) });
    await until(async () => attempts > attemptsSoFar + 10);
    await retrying.stop();
    // One report per relay for its whole run of failures.
    expect(reported.map(String)).toEqual([`Error: broker down 1`, `Error: broker down ${attemptsSoFar + 1}`]);
  });

  it('does not hold a write while another relay holds the lease (one that was killed): its events wait for the lease to end', async () => {
    await pool.query(`UPDATE outbox_relay_lease SET holder = 'killed', lease_until = clock_timestamp() + interval '1 hour'`);
    const bus = createInProcessBus();
    const relay = startOutboxRelay({ pool, bus, pollIntervalMs: 60_000 });
    const pending = event(1);
    await withTransaction(pool, (tx) => enqueue(tx, [pending]));
    expect(await relay.flush([pending.id], 60_000)).toBe(false);
    await pool.query(`UPDATE outbox_relay_lease SET lease_until = clock_timestamp()`);
    expect(await relay.flush([pending.id], 60_000)).toBe(true);
    await relay.stop();
  });

  it('publishes what a killed process left pending once its lease ends, without any wake or idle poll', async () => {
    // Committed just before a kill -9: the dead relay's lease outlives it, and nothing will announce these events.
    await pool.query(`UPDATE outbox_relay_lease SET holder = 'killed', lease_until = clock_timestamp() + interval '1 second'`);
    const pending = [event(1), event(2)];
    await withTransaction(pool, (tx) => enqueue(tx, pending));
    const bus = createInProcessBus();
    const seen: string[] = [];
    await bus.subscribe('audit', ['ams.employee'], async (e) => void seen.push(e.id));
    // One process: its idle poll is the 5-minute safety net, far beyond this test.
    const relay = startOutboxRelay({ pool, bus, polling: pollingInOneProcess });
    try {
      await until(async () => seen.length === 2, 20_000);
      expect(seen).toEqual(pending.map((e) => e.id));
      const { rows } = await pool.query<{ holder: string }>('SELECT holder FROM outbox_relay_lease');
      expect(rows[0]?.holder).not.toBe('killed');
    } finally {
      await relay.stop();
    }
  });

  it('forgets on erasure the published rows that mention the person (in any case), and still publishes the pending ones', async () => {
    const about = (text: string, key = 'employee-1'): EventEnvelope => ({ ...event(0, key), payload: { text } });
    await enqueue(pool, [about('Mail: Ana.Lima@Example.com'), about('nothing of hers', 'employee-2'), about('ana.lima@example.com', 'employee-3')]);
    await pool.query("UPDATE outbox SET published_at = now() WHERE envelope->>'key' <> 'employee-3'");
    await withTransaction(pool, (tx) => forgetPublishedAbout(tx, ['ana.lima@example.com', '']));
    const { rows } = await pool.query<{ key: string; published: boolean }>(
      "SELECT envelope->>'key' AS key, published_at IS NOT NULL AS published FROM outbox ORDER BY position",
    );
    expect(rows).toEqual([
      { key: 'employee-2', published: true },
      { key: 'employee-3', published: false },
    ]);
  });

  it('publishes nothing of a transaction that rolled back', async () => {
    const bus = createInProcessBus();
    const seen: string[] = [];
    await bus.subscribe('audit', ['ams.employee'], async (e) => void seen.push(e.id));
    await expect(
      withTransaction(pool, async (tx) => {
        await enqueue(tx, [event(1)]);
        throw new Error('validation failed later in the command');
      }),
    ).rejects.toThrow('validation failed');
    const relay = startOutboxRelay({ pool, bus, pollIntervalMs: 20 });
    expect(await relay.runOnce()).toBe(0);
    await relay.stop();
    expect(seen).toEqual([]);
  });

  it('redelivers an event whose relay died between publish and mark, and the inbox prevents a second effect', async () => {
    const bus = createInProcessBus();
    await subscribeEffects(bus);
    await withTransaction(pool, (tx) => enqueue(tx, [event(7)]));

    // The first relay publishes, then freezes before marking (as if killed): it keeps its lease.
    let freeze!: () => void;
    const frozen = new Promise<void>((resolve) => (freeze = resolve));
    let publishedByFirst = false;
    const dyingBus: Bus = {
      ...bus,
      async publish(events) {
        await bus.publish(events);
        publishedByFirst = true;
        await frozen;
        throw new Error('relay process killed');
      },
    };
    // Its send never ends in time (publishTimeoutMs), so, as a killed process, it never renews its lease.
    const first = startOutboxRelay({ pool, bus: dyingBus, leaseMs: 500, publishTimeoutMs: 60_000, pollIntervalMs: 20 });
    await until(async () => publishedByFirst);
    expect(await effects()).toEqual([7]);

    // Another relay takes over once the lease has expired and publishes the unmarked event again.
    let deliveries = 0;
    await bus.subscribe('delivery-counter', ['ams.employee'], async () => void (deliveries += 1));
    const second = startOutboxRelay({ pool, bus, leaseMs: 500, pollIntervalMs: 20 });
    await until(async () => deliveries === 1);
    await until(async () => (await pool.query('SELECT 1 FROM outbox WHERE published_at IS NULL')).rowCount === 0);

    expect(await effects()).toEqual([7]);
    const { rows } = await pool.query('SELECT count(*)::int AS handled FROM inbox');
    expect(rows[0]).toEqual({ handled: 1 });

    freeze();
    await Promise.all([first.stop(), second.stop()]);
  });

  it('lets only the relay holding the lease publish, so two replicas never interleave', async () => {
    const bus = createInProcessBus();
    const order: number[] = [];
    await bus.subscribe('audit', ['ams.employee'], async (e) => void order.push((e.payload as { n: number }).n));
    await withTransaction(pool, (tx) =>
      enqueue(
        tx,
        Array.from({ length: 50 }, (_, i) => event(i)),
      ),
    );
    const relays = [startOutboxRelay({ pool, bus, batchSize: 7, pollIntervalMs: 5 }), startOutboxRelay({ pool, bus, batchSize: 7, pollIntervalMs: 5 })];
    await until(async () => order.length >= 50);
    await Promise.all(relays.map((relay) => relay.stop()));
    expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });
});
