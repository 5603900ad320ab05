import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_ANNOUNCED, HISTORY_REQUESTED, type EventEnvelope } from '@ams/contracts';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { answerHistoryRequests } from './history.ts';
import { createInProcessBus } from './in-process-bus.ts';
import { busMigrations } from './migrations.ts';
import { newEvent } from './unit-of-work.ts';

let database: TestDatabase;
let pool: Pool;
const bus = createInProcessBus();

beforeAll(async () => {
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: 'history_test', sources: [busMigrations] });
  pool = createPool({ connectionString: database.url, schema: 'history_test' });
  await pool.query('CREATE TABLE things (id uuid PRIMARY KEY, name text)');
});

afterAll(async () => {
  await bus.close();
  await pool?.end();
  await database?.dispose();
});

const request = (requestId: string): EventEnvelope => ({
  id: requestId,
  type: HISTORY_REQUESTED,
  version: 1,
  key: requestId,
  occurredAt: new Date().toISOString(),
  payload: { requestId },
  metadata: {},
});

describe('answering history requests', () => {
  it('re-announces the current state through the outbox once per request, however often the request comes, then says it answered', async () => {
    const things = [
      { id: randomUUID(), name: 'first' },
      { id: randomUUID(), name: 'second' },
    ];
    for (const thing of things) await pool.query('INSERT INTO things VALUES ($1, $2)', [thing.id, thing.name]);
    let wakes = 0;
    await answerHistoryRequests({
      bus,
      pool,
      relay: { wake: () => void (wakes += 1) },
      group: 'people',
      owner: 'people',
      now: () => new Date('2026-03-30T12:00:00Z'),
      async *announce(tx, now) {
        const { rows } = await tx.query<{ id: string; name: string }>('SELECT id, name FROM things ORDER BY name');
        for (const row of rows) yield [newEvent('organisation.CompanySaved', row.id, { companyId: row.id, name: row.name }, { now })];
      },
    });
    const requestId = randomUUID();
    await bus.publish([request(requestId)]);
    await bus.publish([request(requestId)]);
    const { rows } = await pool.query<{ envelope: EventEnvelope }>('SELECT envelope FROM outbox ORDER BY position');
    expect(rows.map(({ envelope }) => [envelope.type, envelope.payload])).toEqual([
      ['organisation.CompanySaved', { companyId: things[0]?.id, name: 'first' }],
      ['organisation.CompanySaved', { companyId: things[1]?.id, name: 'second' }],
      [HISTORY_ANNOUNCED, { requestId, owner: 'people', events: 2 }],
    ]);
    expect(wakes).toBe(1);
    // Another request (a rebuilt reader) is answered anew.
    await bus.publish([request(randomUUID())]);
    expect((await pool.query('SELECT 1 FROM outbox')).rowCount).toBe(6);
  });
});
