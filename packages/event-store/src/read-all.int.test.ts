import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '@ams/db';
import { append } from './append.ts';
import { hasHeldBackEvents, readAll, readStreams } from './read.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import { globalPositionOf, type NewEvent } from './types.ts';

let database: EventStoreDatabase;

beforeAll(async () => {
  database = await createEventStoreDatabase('read_all_test');
});

afterAll(async () => {
  await database?.dispose();
});

const event = (label: string): NewEvent => ({ id: randomUUID(), type: 'Labelled', data: { label } });
const labels = (events: readonly { data: unknown }[]) => events.map((e) => (e.data as { label: string }).label);

describe('readAll', () => {
  it('reads every stream in commit-safe global order, resuming after a position in pages', async () => {
    await append(database.pool, 'a', [event('a1'), event('a2')], 'no-stream');
    await append(database.pool, 'b', [event('b1')], 'no-stream');
    await withTransaction(database.pool, async (tx) => {
      await append(tx, 'a', [event('a3')], 2);
      await append(tx, 'c', [event('c1')], 'no-stream');
    });

    const all = await readAll(database.pool, { after: null, limit: 100 });
    expect(labels(all)).toEqual(['a1', 'a2', 'b1', 'a3', 'c1']);
    const ordered = [...all].sort((x, y) =>
      BigInt(x.transactionId) === BigInt(y.transactionId) ? x.globalPosition - y.globalPosition : BigInt(x.transactionId) < BigInt(y.transactionId) ? -1 : 1,
    );
    expect(ordered).toEqual(all);

    const firstPage = await readAll(database.pool, { after: null, limit: 2 });
    expect(labels(firstPage)).toEqual(['a1', 'a2']);
    const last = firstPage.at(-1);
    if (!last) throw new Error('empty page');
    const secondPage = await readAll(database.pool, { after: globalPositionOf(last), limit: 2 });
    expect(labels(secondPage)).toEqual(['b1', 'a3']);
    const lastOfAll = all.at(-1);
    if (!lastOfAll) throw new Error('empty read');
    expect(await readAll(database.pool, { after: globalPositionOf(lastOfAll), limit: 10 })).toEqual([]);
  });

  it('reports no held-back events when no older transaction is in flight', async () => {
    await append(database.pool, `d-${randomUUID()}`, [event('d1')], 'no-stream');
    // Transaction ids are server-wide: another test file's transaction that began before the append holds
    // the event back until it ends, which takes a moment at most.
    await expect.poll(() => hasHeldBackEvents(database.pool, null), { timeout: 5_000 }).toBe(false);
  });
});

describe('readStreams', () => {
  it('reads several whole streams at once, each with its version and events in order, leaving out unknown ones', async () => {
    const first = `multi-${randomUUID()}`;
    const second = `multi-${randomUUID()}`;
    await append(database.pool, first, [event('f1'), event('f2')], 'no-stream');
    await append(database.pool, second, [event('s1')], 'no-stream');
    await append(database.pool, first, [event('f3')], 2);

    const streams = await readStreams(database.pool, [second, first, `multi-${randomUUID()}`]);

    expect([...streams.keys()].sort()).toEqual([first, second].sort());
    expect(streams.get(first)?.version).toBe(3);
    expect(labels(streams.get(first)?.events ?? [])).toEqual(['f1', 'f2', 'f3']);
    expect(streams.get(first)?.events.map((recorded) => recorded.streamPosition)).toEqual([1, 2, 3]);
    expect(labels(streams.get(second)?.events ?? [])).toEqual(['s1']);
    expect(await readStreams(database.pool, [])).toEqual(new Map());
  });
});
