import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPool, migrate, type Pool, type PoolClient } from '@ams/db';
import { createTestDatabase, requireServerUrl, type TestDatabase } from '@ams/db/testing';
import { append } from './append.ts';
import { createCommandHandler } from './command-handler.ts';
import { WrongExpectedVersionError } from './errors.ts';
import { eventStoreMigrations } from './migrations.ts';
import { readStream } from './read.ts';
import { startSubscription, type Subscription } from './subscription.ts';
import type { NewEvent, RecordedEvent } from './types.ts';

// Truly concurrent transactions: only a PostgreSQL server has them (PGlite runs one at a time).
requireServerUrl();

const schema = 'concurrency_test';
let database: TestDatabase;
let pool: Pool;
const subscriptions: Subscription[] = [];
// Transactions a failed test left open would block every later test.
const openTransactions = new Set<PoolClient>();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema, sources: [eventStoreMigrations] });
  pool = createPool({ connectionString: database.url, schema, max: 12 });
  await pool.query('CREATE TABLE projection (event_id uuid PRIMARY KEY, label text NOT NULL, seq serial)');
});

afterAll(async () => {
  await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  await pool?.end();
  await database?.dispose();
});

afterEach(async () => {
  for (const client of openTransactions) await finish(client, 'ROLLBACK').catch(() => client.release(true));
});

beforeEach(async () => {
  await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  await pool.query('TRUNCATE events, streams, subscription_checkpoints, projection');
});

const event = (label: string): NewEvent => ({ id: randomUUID(), type: 'Labelled', data: { label } });
const labelOf = (e: { data: unknown }) => (e.data as { label: string }).label;

/** A connection with an open transaction, driven step by step by the test. */
async function begin(): Promise<PoolClient & { pid: number }> {
  const client = await pool.connect();
  await client.query('BEGIN');
  openTransactions.add(client);
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return Object.assign(client, { pid: rows[0]?.pid ?? 0 });
}

async function finish(client: PoolClient, command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  openTransactions.delete(client);
  await client.query(command);
  client.release();
}

/** Resolves once the backend waits on a lock, i.e. the statement really runs concurrently. */
async function blockedOnLock(pid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await pool.query<{ wait: string | null }>('SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1', [pid]);
    if (rows[0]?.wait === 'Lock') return;
    if (Date.now() > deadline) throw new Error(`backend ${pid} never waited on a lock`);
    await sleep(5);
  }
}

function subscribe(handle?: (tx: PoolClient, events: readonly RecordedEvent[]) => Promise<void>, on: Pool = pool): Subscription {
  const subscription = startSubscription({
    pool: on,
    name: 'projection',
    pollIntervalMs: 60_000,
    handle:
      handle ??
      (async (tx, events) => {
        for (const e of events) await tx.query('INSERT INTO projection (event_id, label) VALUES ($1, $2)', [e.id, labelOf(e)]);
      }),
  });
  subscriptions.push(subscription);
  return subscription;
}

async function projected(): Promise<string[]> {
  const { rows } = await pool.query<{ label: string }>('SELECT label FROM projection ORDER BY seq');
  return rows.map((row) => row.label);
}

describe('two writers on one stream', () => {
  it('lets exactly one of two concurrent appends with the same expected version win', async () => {
    await append(pool, 'day', [event('first')], 'no-stream');
    const [one, two] = [await begin(), await begin()];
    await append(one, 'day', [event('one')], 1);
    const second = append(two, 'day', [event('two')], 1).catch((error: unknown) => error);
    await blockedOnLock(two.pid);
    await finish(one, 'COMMIT');

    const error = await second;
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId: 'day', expected: 1, actual: 2 });
    await finish(two, 'ROLLBACK');
    expect((await readStream(pool, 'day')).events.map(labelOf)).toEqual(['first', 'one']);
  });

  it('lets exactly one of two concurrent creations of the same stream win', async () => {
    const [one, two] = [await begin(), await begin()];
    await append(one, 'new-day', [event('one')], 'no-stream');
    const second = append(two, 'new-day', [event('two')], 'no-stream').catch((error: unknown) => error);
    await blockedOnLock(two.pid);
    await finish(one, 'COMMIT');

    expect(await second).toMatchObject({ name: 'WrongExpectedVersionError', expected: 'no-stream', actual: 1 });
    await finish(two, 'ROLLBACK');
    expect((await readStream(pool, 'new-day')).events.map(labelOf)).toEqual(['one']);
  });

  it('keeps a stream gap-free under many racing writers: one winner per version', async () => {
    const writers = 8;
    for (let version = 0; version < 5; version += 1) {
      const outcomes = await Promise.allSettled(Array.from({ length: writers }, (_, n) => append(pool, 'busy', [event(`v${version}-w${n}`)], version)));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
      }
    }
    expect((await readStream(pool, 'busy')).events.map((e) => e.streamPosition)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('an idempotent retry racing the first append', () => {
  for (const expected of [1, 'any'] as const) {
    it(`returns the original result and appends nothing (expected version ${expected})`, async () => {
      await append(pool, 'day', [event('first')], 'no-stream');
      const events = [event('once'), event('twice')];
      const [one, two] = [await begin(), await begin()];
      const original = await append(one, 'day', events, expected);
      const retry = append(two, 'day', events, expected);
      await blockedOnLock(two.pid);
      await finish(one, 'COMMIT');

      expect(await retry).toEqual({ ...original, alreadyStored: true });
      await finish(two, 'COMMIT');
      expect((await readStream(pool, 'day')).events.map(labelOf)).toEqual(['first', 'once', 'twice']);
    });
  }

  it('returns the original result when both create the stream', async () => {
    const events = [event('once')];
    const [one, two] = [await begin(), await begin()];
    const original = await append(one, 'new-day', events, 'no-stream');
    const retry = append(two, 'new-day', events, 'no-stream');
    await blockedOnLock(two.pid);
    await finish(one, 'COMMIT');

    expect(await retry).toEqual({ ...original, alreadyStored: true });
    await finish(two, 'COMMIT');
    expect((await readStream(pool, 'new-day')).events.map(labelOf)).toEqual(['once']);
  });
});

describe('global order with transactions in flight', () => {
  /** A subscription catching up without waiting delivers nothing while `a` is in flight, then A before B once it committed. */
  async function expectHeldBackUntilCommitted(a: PoolClient): Promise<void> {
    const subscription = subscribe();
    await subscription.catchUp({ waitForInFlightMs: 0 });
    expect(await projected()).toEqual([]);
    await finish(a, 'COMMIT');
    await subscription.catchUp();
    expect(await projected()).toEqual(['A', 'B']);
  }

  it('does not deliver a higher position committed before a lower one still in flight, and delivers both later', async () => {
    const a = await begin();
    const [positionA] = (await append(a, 'stream-a', [event('A')], 'no-stream')).globalPositions;
    const b = await begin();
    const [positionB] = (await append(b, 'stream-b', [event('B')], 'no-stream')).globalPositions;
    await finish(b, 'COMMIT');
    expect(positionB).toBeGreaterThan(positionA ?? Infinity);

    // A position-ordered reader would have delivered B and moved its checkpoint past A for ever.
    await expectHeldBackUntilCommitted(a);
  });

  it('delivers events of a transaction that took its id first but appended last in transaction order', async () => {
    const a = await begin();
    await a.query('SELECT pg_current_xact_id()');
    const b = await begin();
    await append(b, 'stream-b', [event('B')], 'no-stream');
    await finish(b, 'COMMIT');
    const [positionA] = (await append(a, 'stream-a', [event('A')], 'no-stream')).globalPositions;
    expect(positionA).toBeGreaterThan(0);

    // A's transaction is older, so A comes first although its position is higher.
    await expectHeldBackUntilCommitted(a);
  });

  it('waits in catchUp for committed events held back by an older transaction until it ends', async () => {
    const a = await begin();
    await append(a, 'stream-a', [event('A')], 'no-stream');
    await append(pool, 'stream-b', [event('B')], 'no-stream');

    const subscription = subscribe();
    const caughtUp = subscription.catchUp({ waitForInFlightMs: 10_000 });
    await sleep(200);
    expect(await projected()).toEqual([]);
    await finish(a, 'COMMIT');
    await caughtUp;
    expect(await projected()).toEqual(['A', 'B']);
  });
});

describe('subscriptions on several replicas', () => {
  it('applies every event exactly once when two runners share a subscription name', async () => {
    const streams = 20;
    await Promise.all(
      Array.from({ length: streams }, (_, s) =>
        append(
          pool,
          `s${s}`,
          Array.from({ length: 10 }, (_, n) => event(`${s}-${n}`)),
          'no-stream',
        ),
      ),
    );
    const otherPool = createPool({ connectionString: database.url, schema, max: 2 });
    try {
      const handle = async (tx: PoolClient, events: readonly RecordedEvent[]) => {
        for (const e of events) {
          await tx.query('INSERT INTO projection (event_id, label) VALUES ($1, $2)', [e.id, labelOf(e)]);
          await sleep(1);
        }
      };
      const first = startSubscription({ pool, name: 'shared', handle, batchSize: 7, pollIntervalMs: 60_000 });
      const second = startSubscription({ pool: otherPool, name: 'shared', handle, batchSize: 7, pollIntervalMs: 60_000 });
      await Promise.all([first.catchUp(), second.catchUp()]);
      await Promise.all([first.stop(), second.stop()]);
    } finally {
      await otherPool.end();
    }
    // A duplicate would have failed on the primary key and rolled its batch back; every event is there once.
    const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM projection');
    expect(rows[0]?.count).toBe(streams * 10);
  });
});

describe('command handler under contention', () => {
  it('re-reads, decides again on the new state and appends when another writer got in first', async () => {
    type Counted = { type: 'Counted'; data: { by: number } };
    let decisions = 0;
    const handler = createCommandHandler<{ add: number }, Counted, number>({
      pool,
      decider: {
        initialState: () => 0,
        decide: (command) => {
          decisions += 1;
          return [{ type: 'Counted', data: { by: command.add } }];
        },
        evolve: (total, e) => total + e.data.by,
      },
    });
    await append(pool, 'counter', [{ id: randomUUID(), type: 'Counted', data: { by: 1 } }], 'no-stream');
    const other = await begin();
    await append(other, 'counter', [{ id: randomUUID(), type: 'Counted', data: { by: 10 } }], 1);

    const handled = handler.handle('counter', { add: 100 });
    await blockedOnLock((await waitForBlockedBackend()).pid);
    await finish(other, 'COMMIT');

    expect(await handled).toMatchObject({ state: 111, nextExpectedVersion: 3 });
    expect(decisions).toBe(2);
  });
});

/** The one backend of this database waiting on a lock (the handler's, whose pid the test cannot see). */
async function waitForBlockedBackend(): Promise<{ pid: number }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await pool.query<{ pid: number }>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if (rows[0]) return rows[0];
    if (Date.now() > deadline) throw new Error('no backend waited on a lock');
    await sleep(5);
  }
}
