import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { append } from './append.ts';
import { createCommandHandler } from './command-handler.ts';
import { AppendRefusedError, WrongExpectedVersionError } from './errors.ts';
import { commandEventId } from './event-id.ts';
import { readStream } from './read.ts';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.ts';
import { createStreamCache } from './stream-cache.ts';
import { WorkDayError, workDayDecider, type WorkDayEvent, type WorkDayState } from './test-support/work-day-decider.ts';
import type { SideInsert } from './types.ts';

type WorkDayDecider = typeof workDayDecider;

let database: EventStoreDatabase;

beforeAll(async () => {
  database = await createEventStoreDatabase('command_handler_test');
  await database.pool.query('CREATE TABLE outbox_sample (event_id uuid PRIMARY KEY, type text NOT NULL, stream_position int NOT NULL)');
  await database.pool.query('CREATE TABLE spent_sample (token text PRIMARY KEY)');
});

afterAll(async () => {
  await database?.dispose();
});

const newStream = () => `work-day-${randomUUID()}`;

function handlerWithOutbox(decider: WorkDayDecider = workDayDecider) {
  return createCommandHandler({
    pool: database.pool,
    decider,
    sideInserts: (pending): SideInsert[] => [
      {
        name: 'test.outbox-sample',
        into: 'outbox_sample (event_id, type, stream_position)',
        rows: 'SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[])',
        values: [pending.map((event) => event.id), pending.map((event) => event.type), pending.map((event) => event.streamPosition)],
      },
    ],
  });
}

/** A token that may be spent once, with the command that spends it. */
const spentToken = (token: string): SideInsert => ({
  name: 'test.spend-token',
  into: 'spent_sample (token)',
  rows: 'VALUES ($1::text)',
  values: [token],
  onConflict: 'ON CONFLICT (token) DO NOTHING',
  refusal: 'token-spent',
});

async function outboxOf(ids: readonly string[]): Promise<{ type: string; stream_position: number }[]> {
  const { rows } = await database.pool.query<{ type: string; stream_position: number }>(
    'SELECT type, stream_position FROM outbox_sample WHERE event_id = ANY($1::uuid[]) ORDER BY stream_position',
    [ids],
  );
  return rows;
}

describe('command handler', () => {
  it('folds the stream, decides, appends and writes the outbox rows in the same transaction', async () => {
    const handler = handlerWithOutbox();
    const streamId = newStream();
    const clockIn = await handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, { metadata: { actor: 'u1' } });
    expect(clockIn).toEqual({
      events: [{ type: 'ClockedIn', data: { at: '08:00' } }],
      state: { status: 'working', since: '08:00' },
      nextExpectedVersion: 1,
      replayed: false,
    });
    const clockOut = await handler.handle(streamId, { type: 'ClockOut', at: '17:00' });
    expect(clockOut.state).toEqual({ status: 'finished' });
    expect(clockOut.nextExpectedVersion).toBe(2);

    const stream = await readStream(database.pool, streamId);
    expect(stream.events.map((e) => [e.type, e.data, e.metadata])).toEqual([
      ['ClockedIn', { at: '08:00' }, { actor: 'u1' }],
      ['ClockedOut', { at: '17:00' }, {}],
    ]);
    expect(await outboxOf(stream.events.map((e) => e.id))).toEqual([
      { type: 'ClockedIn', stream_position: 1 },
      { type: 'ClockedOut', stream_position: 2 },
    ]);
  });

  it('propagates the domain error and appends nothing when the decision rejects the command', async () => {
    const handler = handlerWithOutbox();
    const streamId = newStream();
    await handler.handle(streamId, { type: 'ClockIn', at: '08:00' });
    await expect(handler.handle(streamId, { type: 'ClockIn', at: '09:00' })).rejects.toBeInstanceOf(WorkDayError);
    expect((await readStream(database.pool, streamId)).version).toBe(1);
  });

  it('undoes the append and every side insert when a side insert that must write a row writes none', async () => {
    const handler = handlerWithOutbox();
    const token = randomUUID();
    await handler.handle(newStream(), { type: 'ClockIn', at: '08:00' }, { sideInserts: [spentToken(token)] });
    const streamId = newStream();
    const refused = handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, { sideInserts: [spentToken(token)] });
    await expect(refused).rejects.toBeInstanceOf(AppendRefusedError);
    await expect(refused).rejects.toMatchObject({ streamId, refusal: 'token-spent' });
    expect((await readStream(database.pool, streamId)).exists).toBe(false);
    const { rows } = await database.pool.query('SELECT 1 FROM outbox_sample o JOIN events e USING (event_id) WHERE e.stream_id = $1', [streamId]);
    expect(rows).toEqual([]);
  });

  it('writes no side rows when the stream moved past the expected version', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [{ id: randomUUID(), type: 'ClockedIn', data: { at: '07:00' } }], 'no-stream');
    const token = randomUUID();
    const stale = append(database.pool, streamId, [{ id: randomUUID(), type: 'ClockedIn', data: { at: '08:00' } }], 'no-stream', {
      sideInserts: [spentToken(token)],
    });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
    const { rows } = await database.pool.query('SELECT 1 FROM spent_sample WHERE token = $1', [token]);
    expect(rows).toEqual([]);
  });

  it('appends nothing and writes no side rows again when a command is retried with the same deterministic event ids', async () => {
    const streamId = newStream();
    const commandId = randomUUID();
    const handler = handlerWithOutbox({ ...workDayDecider, decide: (command) => [{ type: 'ClockedIn', data: { at: command.at } }] } satisfies WorkDayDecider);
    const options = { eventId: (_: WorkDayEvent, index: number) => commandEventId(commandId, index) };
    const first = await handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, options);
    const retry = await handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, { ...options, expectedVersion: 0 });
    expect(retry.nextExpectedVersion).toBe(first.nextExpectedVersion);
    expect(retry.replayed).toBe(true);
    expect(await outboxOf([commandEventId(commandId, 0)])).toEqual([{ type: 'ClockedIn', stream_position: 1 }]);
    expect((await readStream(database.pool, streamId)).version).toBe(1);
  });

  it('answers a command retried with its id with the first outcome, even after the stream moved on', async () => {
    const handler = handlerWithOutbox();
    const streamId = newStream();
    const commandId = randomUUID();
    const first = await handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, { commandId });
    await handler.handle(streamId, { type: 'ClockOut', at: '17:00' });
    // Deciding again would be refused (the day is finished): the retry must not decide at all.
    const retry = await handler.handle(streamId, { type: 'ClockIn', at: '08:00' }, { commandId });
    expect(retry).toMatchObject({ events: first.events, replayed: true, nextExpectedVersion: 2 });
    expect((await readStream(database.pool, streamId)).events.map((event) => event.id)).toContain(commandEventId(commandId, 0));
    expect((await readStream(database.pool, streamId)).version).toBe(2);
  });

  it('does not retry when the caller pinned a stale expected version', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [{ id: randomUUID(), type: 'ClockedIn', data: { at: '08:00' } }], 'no-stream');
    let decisions = 0;
    const handler = createCommandHandler({
      pool: database.pool,
      decider: {
        ...workDayDecider,
        decide: (command, state) => {
          decisions += 1;
          return workDayDecider.decide(command, state);
        },
      } satisfies WorkDayDecider,
    });
    await expect(handler.handle(streamId, { type: 'ClockOut', at: '17:00' }, { expectedVersion: 0 })).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
      expected: 0,
      actual: 1,
    });
    expect(decisions).toBe(1);
  });

  it('returns the state without appending when the decision produces no events', async () => {
    const streamId = newStream();
    const handler = createCommandHandler({ pool: database.pool, decider: { ...workDayDecider, decide: () => [] } satisfies WorkDayDecider });
    expect(await handler.handle(streamId, { type: 'ClockIn', at: '08:00' })).toEqual({
      events: [],
      state: { status: 'notStarted' },
      nextExpectedVersion: 0,
      replayed: false,
    });
    expect((await readStream(database.pool, streamId)).exists).toBe(false);
  });

  it('stores and folds events of any shape through a codec', async () => {
    type Counted = { kind: 'Counted'; by: number };
    const handler = createCommandHandler<{ add: number }, Counted, number>({
      pool: database.pool,
      decider: {
        initialState: () => 0,
        decide: (command) => [{ kind: 'Counted', by: command.add }],
        evolve: (total, event) => total + event.by,
      },
      codec: {
        encode: (event) => ({ type: event.kind, data: { by: event.by } }),
        decode: (recorded) => ({ kind: 'Counted', by: (recorded.data as { by: number }).by }),
      },
    });
    const streamId = newStream();
    await handler.handle(streamId, { add: 2 });
    expect((await handler.handle(streamId, { add: 3 })).state).toBe(5);
    expect((await readStream(database.pool, streamId)).events.map((e) => [e.type, e.data])).toEqual([
      ['Counted', { by: 2 }],
      ['Counted', { by: 3 }],
    ]);
  });
});

describe('command handler with a stream cache', () => {
  /** The handler's pool, counting the stream reads it is asked for. */
  function countingReads() {
    const counter = { reads: 0 };
    const pool = Object.create(database.pool) as typeof database.pool;
    pool.query = ((query: unknown, ...rest: unknown[]) => {
      if (typeof query === 'object' && query !== null && (query as { name?: string }).name === 'event-store.read-stream') counter.reads += 1;
      return (database.pool.query as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof pool.query;
    return { pool, counter };
  }

  const cachedHandler = (pool = database.pool) =>
    createCommandHandler({ pool, decider: workDayDecider, streamCache: createStreamCache<WorkDayState>({ maxStreams: 100 }) });

  it('decides the commands of a stream it wrote without reading the stream', async () => {
    const { pool, counter } = countingReads();
    const handler = cachedHandler(pool);
    const streamId = newStream();
    await handler.handle(streamId, { type: 'ClockIn', at: '08:00' });
    const clockOut = await handler.handle(streamId, { type: 'ClockOut', at: '17:00' });
    expect(clockOut).toMatchObject({ state: { status: 'finished' }, nextExpectedVersion: 2, replayed: false });
    expect(counter.reads).toBe(0);
    expect((await readStream(database.pool, streamId)).events.map((event) => event.type)).toEqual(['ClockedIn', 'ClockedOut']);
  });

  it('decides again on a fresh read when another writer appended after the cache learnt the stream', async () => {
    const handler = cachedHandler();
    const streamId = newStream();
    await handler.handle(streamId, { type: 'ClockIn', at: '08:00' });
    await append(database.pool, streamId, [{ id: randomUUID(), type: 'ClockedOut', data: { at: '12:00' } }], 1);

    // The cache still says "working": its clock-out is stored only if nobody wrote since, so the fresh read refuses it.
    await expect(handler.handle(streamId, { type: 'ClockOut', at: '17:00' })).rejects.toBeInstanceOf(WorkDayError);
    // The cache's refusal of a second clock-in is checked on a fresh read too, which allows it.
    expect(await handler.handle(streamId, { type: 'ClockIn', at: '13:00' })).toMatchObject({
      state: { status: 'working', since: '13:00' },
      nextExpectedVersion: 3,
    });
  });

  it('tries a stream it does not know as a new one and falls back to reading it', async () => {
    const streamId = newStream();
    await append(database.pool, streamId, [{ id: randomUUID(), type: 'ClockedIn', data: { at: '08:00' } }], 'no-stream');
    await expect(cachedHandler().handle(streamId, { type: 'ClockIn', at: '09:00' })).rejects.toBeInstanceOf(WorkDayError);
    expect(await cachedHandler().handle(streamId, { type: 'ClockOut', at: '17:00' })).toMatchObject({ state: { status: 'finished' }, nextExpectedVersion: 2 });
    expect((await readStream(database.pool, streamId)).version).toBe(2);
  });

  it('answers a command retried through another cache with its first outcome', async () => {
    const streamId = newStream();
    const commandId = randomUUID();
    const first = await cachedHandler().handle(streamId, { type: 'ClockIn', at: '08:00' }, { commandId });
    const retry = await cachedHandler().handle(streamId, { type: 'ClockIn', at: '08:00' }, { commandId });
    expect(retry).toEqual({ ...first, replayed: true });
    expect((await readStream(database.pool, streamId)).version).toBe(1);
  });
});
