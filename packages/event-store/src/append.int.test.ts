import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '@ams/db';
import { append } from './append.ts';
import { EventIdConflictError, WrongExpectedVersionError } from './errors.ts';
import { readStream } from './read.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import type { NewEvent } from './types.ts';

let database: EventStoreDatabase;

beforeAll(async () => {
  database = await createEventStoreDatabase('append_test');
});

afterAll(async () => {
  await database?.dispose();
});

const newStream = () => `work-day-${randomUUID()}`;
const event = (n: number, metadata?: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type: 'ClockedIn',
  data: { n, note: `it's "quoted" \\ and {braced}` },
  ...(metadata ? { metadata } : {}),
});

async function eventCount(streamId: string): Promise<number> {
  const { rows } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM events WHERE stream_id = $1', [streamId]);
  return rows[0]?.count ?? -1;
}

describe('append and readStream', () => {
  it('appends to a new stream and reads the events back with positions, data and metadata', async () => {
    const streamId = newStream();
    const events = [event(1, { actor: 'user-1' }), event(2)];
    const result = await append(database.pool, streamId, events, 'no-stream');

    expect(result.nextExpectedVersion).toBe(2);
    expect(result.alreadyStored).toBe(false);
    expect(result.globalPositions).toHaveLength(2);
    expect(result.globalPositions[1]).toBeGreaterThan(result.globalPositions[0] ?? Infinity);

    const read = await readStream(database.pool, streamId);
    expect(read.exists).toBe(true);
    expect(read.version).toBe(2);
    expect(read.events.map((e) => [e.id, e.streamId, e.streamPosition, e.globalPosition, e.type, e.data, e.metadata])).toEqual([
      [events[0]?.id, streamId, 1, result.globalPositions[0], 'ClockedIn', events[0]?.data, { actor: 'user-1' }],
      [events[1]?.id, streamId, 2, result.globalPositions[1], 'ClockedIn', events[1]?.data, {}],
    ]);
    expect(read.events[0]?.recordedAt).toBeInstanceOf(Date);
    expect(read.events[0]?.transactionId).toMatch(/^\d+$/);
  });

  it('continues a stream from the returned version and reads from a given position', async () => {
    const streamId = newStream();
    const first = await append(database.pool, streamId, [event(1)], 'no-stream');
    const second = await append(database.pool, streamId, [event(2), event(3)], first.nextExpectedVersion);
    expect(second.nextExpectedVersion).toBe(3);

    const fromTwo = await readStream(database.pool, streamId, { from: 2 });
    expect(fromTwo.version).toBe(3);
    expect(fromTwo.events.map((e) => e.streamPosition)).toEqual([2, 3]);
    const beyond = await readStream(database.pool, streamId, { from: 9 });
    expect(beyond).toEqual({ version: 3, exists: true, events: [] });
  });

  it('reads a missing stream as version 0 without events', async () => {
    expect(await readStream(database.pool, newStream())).toEqual({ version: 0, exists: false, events: [] });
  });

  it("appends with 'any' whatever the stream's version, to a new or an existing stream", async () => {
    const streamId = newStream();
    expect((await append(database.pool, streamId, [event(1)], 'any')).nextExpectedVersion).toBe(1);
    expect((await append(database.pool, streamId, [event(2)], 'any')).nextExpectedVersion).toBe(2);
    expect((await readStream(database.pool, streamId)).events.map((e) => e.streamPosition)).toEqual([1, 2]);
  });

  it('treats expected version 0 like no-stream', async () => {
    const streamId = newStream();
    expect((await append(database.pool, streamId, [event(1)], 0)).nextExpectedVersion).toBe(1);
    await expect(append(database.pool, streamId, [event(2)], 0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });
});

describe('optimistic concurrency', () => {
  it('rejects a stale expected version with a typed error carrying stream, expected and actual, appending nothing', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [event(1), event(2)], 'no-stream');

    const error = await append(database.pool, streamId, [event(3)], 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect(error).toMatchObject({ streamId, expected: 1, actual: 2 });
    expect(await eventCount(streamId)).toBe(2);
  });

  it('rejects no-stream on an existing stream and a version on a missing stream', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [event(1)], 'no-stream');
    await expect(append(database.pool, streamId, [event(2)], 'no-stream')).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
      expected: 'no-stream',
      actual: 1,
    });
    const missing = newStream();
    await expect(append(database.pool, missing, [event(1)], 3)).rejects.toMatchObject({ expected: 3, actual: 0 });
    expect(await readStream(database.pool, missing)).toMatchObject({ exists: false });
  });

  it('leaves the caller transaction usable after a wrong expected version, so it can still commit other work', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [event(1)], 'no-stream');
    const other = newStream();
    await withTransaction(database.pool, async (tx) => {
      await expect(append(tx, streamId, [event(2)], 'no-stream')).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await append(tx, other, [event(3)], 'no-stream');
    });
    expect(await eventCount(other)).toBe(1);
    expect(await eventCount(streamId)).toBe(1);
  });

  it('checks only the version when there is nothing to append', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [event(1)], 'no-stream');
    expect(await append(database.pool, streamId, [], 1)).toEqual({ nextExpectedVersion: 1, globalPositions: [], alreadyStored: false });
    await expect(append(database.pool, streamId, [], 0)).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });
});

describe('transactions', () => {
  it('appends nothing when the caller transaction rolls back', async () => {
    const streamId = newStream();
    await expect(
      withTransaction(database.pool, async (tx) => {
        await append(tx, streamId, [event(1)], 'no-stream');
        throw new Error('outbox insert failed');
      }),
    ).rejects.toThrow('outbox insert failed');
    expect(await readStream(database.pool, streamId)).toEqual({ version: 0, exists: false, events: [] });
    // The stream row went with the rollback: the stream is new again.
    expect((await append(database.pool, streamId, [event(2)], 'no-stream')).nextExpectedVersion).toBe(1);
  });

  it('gives every append of one transaction the same transaction id', async () => {
    const [a, b] = [newStream(), newStream()];
    await withTransaction(database.pool, async (tx) => {
      await append(tx, a, [event(1)], 'no-stream');
      await append(tx, b, [event(2)], 'no-stream');
    });
    const [readA, readB] = await Promise.all([readStream(database.pool, a), readStream(database.pool, b)]);
    expect(readA.events[0]?.transactionId).toBe(readB.events[0]?.transactionId);
  });
});

describe('idempotency by event id', () => {
  it('returns the original result and appends nothing when the same events are appended again', async () => {
    const streamId = newStream();
    const events = [event(1), event(2)];
    const first = await append(database.pool, streamId, events, 'no-stream');
    const retry = await append(database.pool, streamId, events, 'no-stream');
    expect(retry).toEqual({ ...first, alreadyStored: true });
    expect(await eventCount(streamId)).toBe(2);
  });

  it('recognises a retry whatever its expected version, even after later appends', async () => {
    const streamId = newStream();
    const events = [event(1)];
    const first = await append(database.pool, streamId, events, 'no-stream');
    await append(database.pool, streamId, [event(2)], 1);
    for (const expected of ['no-stream', 1, 2, 'any'] as const) {
      expect(await append(database.pool, streamId, events, expected)).toEqual({ ...first, alreadyStored: true });
    }
    // Ids compare as uuids, not as text.
    const upper = events.map((e) => ({ ...e, id: e.id.toUpperCase() }));
    expect(await append(database.pool, streamId, upper, 2)).toEqual({ ...first, alreadyStored: true });
    expect(await eventCount(streamId)).toBe(2);
  });

  it('rejects an append of which only some ids are stored, appending nothing', async () => {
    const streamId = newStream();
    const stored = event(1);
    await append(database.pool, streamId, [stored], 'no-stream');
    const error = await append(database.pool, streamId, [stored, event(2)], 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EventIdConflictError);
    expect(error).toMatchObject({ reason: 'partially-stored', eventIds: [stored.id] });
    expect(await eventCount(streamId)).toBe(1);
  });

  it('rejects ids already stored in another stream and ids repeated within one append', async () => {
    const stored = event(1);
    await append(database.pool, newStream(), [stored], 'no-stream');
    await expect(append(database.pool, newStream(), [stored], 'no-stream')).rejects.toMatchObject({
      name: 'EventIdConflictError',
      reason: 'stored-in-another-stream',
    });
    const repeated = event(2);
    await expect(append(database.pool, newStream(), [repeated, repeated], 'no-stream')).rejects.toMatchObject({
      reason: 'duplicated-in-append',
    });
  });
});
