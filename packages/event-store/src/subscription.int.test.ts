import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTransaction, type PoolClient } from '@ams/db';
import { createSignal } from '@ams/worker';
import { append } from './append.ts';
import { readCheckpoint, resetSubscription } from './checkpoints.ts';
import { startSubscription, type Subscription } from './subscription.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import type { NewEvent, RecordedEvent } from './types.ts';

let database: EventStoreDatabase;
const running: Subscription[] = [];

beforeAll(async () => {
  database = await createEventStoreDatabase('subscription_test');
  await database.pool.query('CREATE TABLE clock_projection (event_id uuid PRIMARY KEY, label text NOT NULL, seq serial)');
});

afterAll(async () => {
  await Promise.all(running.map((subscription) => subscription.stop()));
  await database?.dispose();
});

beforeEach(async () => {
  await Promise.all(running.splice(0).map((subscription) => subscription.stop()));
  await database.pool.query('TRUNCATE events, streams, subscription_checkpoints, clock_projection');
});

const event = (label: string): NewEvent => ({ id: randomUUID(), type: 'Labelled', data: { label } });

async function project(tx: PoolClient, events: readonly RecordedEvent[]): Promise<void> {
  for (const e of events) {
    await tx.query('INSERT INTO clock_projection (event_id, label) VALUES ($1, $2)', [e.id, (e.data as { label: string }).label]);
  }
}

async function projected(): Promise<string[]> {
  const { rows } = await database.pool.query<{ label: string }>('SELECT label FROM clock_projection ORDER BY seq');
  return rows.map((row) => row.label);
}

async function untilProjected(count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await projected()).length < count && Date.now() < deadline) await sleep(10);
}

function subscribe(options: Partial<Parameters<typeof startSubscription>[0]> = {}): Subscription {
  // A long poll interval keeps the background loop out of the way: tests drive catchUp.
  const subscription = startSubscription({ pool: database.pool, name: 'clock', handle: project, pollIntervalMs: 60_000, ...options });
  running.push(subscription);
  return subscription;
}

describe('checkpointed subscription', () => {
  it('delivers every event once, in global order, and stores the checkpoint of the last one', async () => {
    await append(database.pool, 's1', [event('1'), event('2')], 'no-stream');
    await append(database.pool, 's2', [event('3')], 'no-stream');
    const subscription = subscribe();
    await subscription.catchUp();
    expect(await projected()).toEqual(['1', '2', '3']);

    await append(database.pool, 's1', [event('4')], 2);
    await subscription.catchUp();
    await subscription.catchUp();
    expect(await projected()).toEqual(['1', '2', '3', '4']);

    const { rows } = await database.pool.query<{ transaction_id: string; global_position: number }>(
      `SELECT transaction_id::text, global_position FROM events WHERE stream_id = 's1' AND stream_position = 3`,
    );
    expect(await readCheckpoint(database.pool, 'clock')).toEqual({
      transactionId: rows[0]?.transaction_id,
      position: rows[0]?.global_position,
    });
  });

  it('hands events over in batches of at most batchSize, each in its own transaction', async () => {
    await append(database.pool, 's1', ['1', '2', '3', '4', '5'].map(event), 'no-stream');
    const batches: string[][] = [];
    const subscription = subscribe({
      batchSize: 2,
      handle: async (tx, events) => {
        batches.push(events.map((e) => (e.data as { label: string }).label));
        await project(tx, events);
      },
    });
    await subscription.catchUp();
    expect(batches).toEqual([['1', '2'], ['3', '4'], ['5']]);
  });

  it('leaves both the projection and the checkpoint unchanged when the handler throws, then delivers once it succeeds', async () => {
    await append(database.pool, 's1', [event('1')], 'no-stream');
    const subscription = subscribe();
    await subscription.catchUp();
    const checkpoint = await readCheckpoint(database.pool, 'clock');

    await append(database.pool, 's1', [event('2'), event('3')], 1);
    let failing = true;
    const flaky = subscribe({
      handle: async (tx, events) => {
        await project(tx, events);
        if (failing) throw new Error('projection bug');
      },
    });
    await expect(flaky.catchUp()).rejects.toThrow('projection bug');
    expect(await projected()).toEqual(['1']);
    expect(await readCheckpoint(database.pool, 'clock')).toEqual(checkpoint);

    failing = false;
    await flaky.catchUp();
    expect(await projected()).toEqual(['1', '2', '3']);
  });

  it('rebuilds the projection from the first event after a reset', async () => {
    await append(database.pool, 's1', [event('1'), event('2')], 'no-stream');
    const subscription = subscribe();
    await subscription.catchUp();
    await withTransaction(database.pool, async (tx) => {
      await tx.query('TRUNCATE clock_projection');
      await resetSubscription(tx, 'clock');
    });
    expect(await readCheckpoint(database.pool, 'clock')).toBeNull();
    await subscription.catchUp();
    expect(await projected()).toEqual(['1', '2']);
  });

  it('keeps separate checkpoints per subscription name', async () => {
    await append(database.pool, 's1', [event('1')], 'no-stream');
    await subscribe({ name: 'first' }).catchUp();
    expect(await readCheckpoint(database.pool, 'first')).not.toBeNull();
    expect(await readCheckpoint(database.pool, 'second')).toBeNull();
  });

  it('delivers new events in the background by polling, and stops polling when stopped', async () => {
    const subscription = subscribe({ pollIntervalMs: 20 });
    await append(database.pool, 's1', [event('1')], 'no-stream');
    await untilProjected(1);
    expect(await projected()).toEqual(['1']);

    await subscription.stop();
    await append(database.pool, 's1', [event('2')], 1);
    await sleep(200);
    expect(await projected()).toEqual(['1']);
  });

  it('delivers at once when its wake source announces a commit, long before the next poll', async () => {
    const commits = createSignal();
    subscribe({ wake: commits });
    await sleep(50); // the first run has found nothing
    await append(database.pool, 's1', [event('1'), event('2')], 'no-stream');
    commits.notify();
    await untilProjected(2, 5_000);
    expect(await projected()).toEqual(['1', '2']);
  });

  it('keeps running batches while they come back full, without waiting for a poll', async () => {
    await append(database.pool, 's1', ['1', '2', '3', '4', '5'].map(event), 'no-stream');
    subscribe({ batchSize: 2 });
    await untilProjected(5, 5_000);
    expect(await projected()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('polls an idle store without a transaction: it does not even create its checkpoint until an event is there', async () => {
    subscribe({ pollIntervalMs: 10 });
    await sleep(200);
    expect((await database.pool.query(`SELECT 1 FROM subscription_checkpoints WHERE name = 'clock'`)).rowCount).toBe(0);

    await append(database.pool, 's1', [event('1')], 'no-stream');
    await untilProjected(1);
    expect(await readCheckpoint(database.pool, 'clock')).not.toBeNull();
  });
});
