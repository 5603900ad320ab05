import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, handleOnce, handleOnceBatch, type EventEnvelope } from '@ams/bus';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@ams/db/testing';
import type { Pool } from '@ams/db';
import { keepDaysUpTo } from '../day-figures/day-figures-store.ts';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';
import { acme, ana, bruno, carla, correctnessEvents } from '../test-support/correctness-fixture.ts';
import { employeeCreated, scheduleEvent, settingsChanged, signedIn, workDayChanged } from '../test-support/fixture-events.ts';
import { applyReportingEvent, reportingBatch, subscribeReportingProjections } from './reporting-projection.ts';

/** The read models a projection writes, compared row for row. */
const TABLES = ['employees', 'settings', 'schedules', 'leaves', 'work_days', 'day_figures', 'day_totals', 'user_sign_ins'];
const GROUP = 'reporting';

/** A seeded generator (mulberry32), so a failing sequence can be replayed from its seed. */
function randomOf(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fixture's company, people and schedules, then random check-ins, corrections, deletions, sign-ins and rule changes. */
function randomSequence(random: () => number, length: number): EventEnvelope[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // More people than the fixture's three, so that batches hold runs of different employees' days.
  const more = Array.from({ length: 5 }, () => ({ employeeId: randomUUID(), companyId: acme.companyId }));
  const people = [ana, bruno, carla, ...more];
  const dates = ['2026-03-23', '2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27'];
  const events = [
    ...correctnessEvents(),
    ...more.flatMap((person, n) => [
      employeeCreated(acme, { ...person, firstName: `Extra${n}`, lastName: 'Person', createdAt: '2026-01-05T10:00:00.000Z' }),
      scheduleEvent('Assigned', person, { fromDate: '2026-03-02' }),
    ]),
  ];
  for (let i = 0; i < length; i += 1) {
    const roll = random();
    const person = pick(people);
    const date = pick(dates);
    const minute = String(Math.floor(random() * 60)).padStart(2, '0');
    if (roll < 0.6) {
      const timeOut = random() < 0.5 ? `${date}T17:${minute}:00.000Z` : null;
      events.push(workDayChanged(person, date, { timeIn: `${date}T09:${minute}:00.000Z`, timeOut }));
    } else if (roll < 0.75) {
      const day = workDayChanged(person, date, { timeIn: `${date}T09:00:00.000Z` });
      events.push({ ...day, payload: { ...day.payload, state: 'deleted' } });
    } else if (roll < 0.9) {
      events.push(signedIn(person.employeeId, `${date}T08:${minute}:00.000Z`));
    } else {
      events.push(settingsChanged(acme, 'Europe/Lisbon', { lateGraceMinutes: Math.floor(random() * 10) }));
    }
  }
  return events;
}

async function readModels(pool: Pool): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of TABLES) {
    // A day's totals are deltas spread over random slots: only their sums are the state.
    const sql =
      table === 'day_totals'
        ? 'SELECT work_date, company_id, sum(present) AS present, sum(absent) AS absent, sum(leave) AS leave, sum(late) AS late FROM day_totals GROUP BY 1, 2'
        : `SELECT * FROM ${table}`;
    const { rows } = await pool.query(sql);
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

const databases: MigratedTestDatabase[] = [];
async function freshDatabase(): Promise<Pool> {
  const database = await createMigratedTestDatabase(REPORTING_SCHEMA, reportingMigrations);
  databases.push(database);
  // The figures are kept up to the day after the fixture's week, so recomputes write them.
  await keepDaysUpTo(database.pool, new Date('2026-03-28T00:00:00Z'));
  return database.pool;
}

let oneByOne: Pool;
let batched: Pool;
beforeAll(async () => {
  [oneByOne, batched] = await Promise.all([freshDatabase(), freshDatabase()]);
});
afterAll(async () => {
  for (const database of databases) await database.dispose();
});

async function emptyReadModels(pool: Pool): Promise<void> {
  await pool.query(`TRUNCATE ${TABLES.join(', ')}, companies, departments, job_titles, inbox`);
}

describe('the reporting projection applied in batches', () => {
  it.each([1, 2, 3])(
    'leaves the same read models as one event per transaction (random sequence, seed %i)',
    async (seed) => {
      const random = randomOf(seed);
      const events = randomSequence(random, 80);
      await Promise.all([emptyReadModels(oneByOne), emptyReadModels(batched)]);
      for (const event of events) await handleOnce(oneByOne, GROUP, event, (tx) => applyReportingEvent(tx, event));
      for (let first = 0; first < events.length;) {
        const size = 1 + Math.floor(random() * 60);
        // A zero budget ends each transaction after one event: the split must not change the outcome either.
        await handleOnceBatch(batched, GROUP, events.slice(first, first + size), reportingBatch, { maxWorkMs: random() < 0.3 ? 0 : 50 });
        first += size;
      }
      const expected = await readModels(oneByOne);
      expect(expected['work_days']?.length).toBeGreaterThan(0);
      expect(expected['day_figures']?.length).toBeGreaterThan(0);
      expect(await readModels(batched)).toEqual(expected);
    },
    120_000,
  );

  it('applies a redelivered event once, and an event twice in one batch once', async () => {
    await emptyReadModels(batched);
    const setup = correctnessEvents();
    const checkIn = workDayChanged(ana, '2026-03-24', { timeIn: '2026-03-24T09:10:00.000Z' });
    expect(await handleOnceBatch(batched, GROUP, [...setup, checkIn], reportingBatch)).toHaveLength(setup.length + 1);
    const before = await readModels(batched);
    const later = signedIn(bruno.employeeId, '2026-03-24T08:00:00.000Z');
    const applied = await handleOnceBatch(batched, GROUP, [checkIn, ...setup.slice(0, 5), later, later], reportingBatch);
    expect(applied.map((event) => event.id)).toEqual([later.id]);
    const after = await readModels(batched);
    expect({ ...after, user_sign_ins: [] }).toEqual({ ...before, user_sign_ins: [] });
    expect(after['user_sign_ins']).toHaveLength((before['user_sign_ins']?.length ?? 0) + 1);
  });

  it('applies a redelivered event once when the time budget splits its batch over several transactions', async () => {
    await emptyReadModels(batched);
    const setup = correctnessEvents();
    await handleOnceBatch(batched, GROUP, setup, reportingBatch);
    const [first, second] = [signedIn(bruno.employeeId, '2026-03-24T08:00:00.000Z'), signedIn(carla.employeeId, '2026-03-24T08:05:00.000Z')];
    const applied = await handleOnceBatch(batched, GROUP, [first, ...setup.slice(0, 3), second], reportingBatch, { maxWorkMs: 0 });
    expect(applied.map((event) => event.id)).toEqual([first.id, second.id]);
  });
});

describe('the reporting subscription', () => {
  it('dead-letters a bad event of a batch alone, commits the rest, and wakes the recompute for a rule change', async () => {
    await emptyReadModels(batched);
    const deadLetters: EventEnvelope[] = [];
    const bus = createInProcessBus({ retry: { attempts: 2, initialDelayMs: 1, maxDelayMs: 1 }, onDeadLetter: (event) => deadLetters.push(event) });
    let wakes = 0;
    const subscription = await subscribeReportingProjections(bus, batched, { wake: () => void (wakes += 1) });
    try {
      const good = workDayChanged(carla, '2026-03-25', { timeIn: '2026-03-25T09:00:00.000Z' });
      const bad = { ...workDayChanged(bruno, '2026-03-25', { timeIn: '2026-03-25T22:00:00.000Z' }), id: randomUUID(), payload: { workDayId: 'not a day' } };
      const ruleChange = settingsChanged(acme, 'Europe/Lisbon', { lateGraceMinutes: 9 });
      await bus.publish([...correctnessEvents(), bad, good, ruleChange]);
      expect(deadLetters.map((event) => event.id)).toEqual([bad.id]);
      const { rows } = await batched.query<{ employeeId: string }>(
        `SELECT employee_id AS "employeeId" FROM work_days WHERE work_date = '2026-03-25' AND employee_id = ANY($1::uuid[])`,
        [[carla.employeeId, bruno.employeeId]],
      );
      expect(rows).toEqual([{ employeeId: carla.employeeId }]);
      const { rows: settings } = await batched.query<{ grace: number }>('SELECT late_grace_minutes AS grace FROM settings WHERE company_id = $1', [
        acme.companyId,
      ]);
      expect(settings).toEqual([{ grace: 9 }]);
      expect(wakes).toBeGreaterThan(0);
    } finally {
      await subscription.stop();
      await bus.close();
    }
  });
});
