import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type Bus } from '@ams/bus';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@ams/db/testing';
import { superAdmin } from '@ams/contracts/testing';
import type { ServiceApp } from '@ams/service-kit';
import { call, TEST_INTERNAL_SECRET } from '@ams/service-kit/testing';
import { buildReporting } from '../app.ts';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';
import { companyEvents, employeeCreated, newCompany, scheduleEvent, workDayChanged } from '../test-support/fixture-events.ts';
import { currentGeneration, resetReadModels } from './reporting-projection.ts';

let database: MigratedTestDatabase;
const buses: Bus[] = [];
const apps: ServiceApp[] = [];

async function start(): Promise<{ app: ServiceApp; bus: Bus }> {
  const bus = createInProcessBus();
  const app = await buildReporting({
    pool: database.pool,
    bus,
    secrets: { internal: TEST_INTERNAL_SECRET },
    logLevel: 'silent',
    now: () => new Date('2026-03-30T12:00:00Z'),
  });
  buses.push(bus);
  apps.push(app);
  return { app, bus };
}

beforeAll(async () => {
  database = await createMigratedTestDatabase(REPORTING_SCHEMA, reportingMigrations);
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const bus of buses) await bus.close();
  await database?.dispose();
});

const company = newCompany('Rebuilt');
const employee = { employeeId: randomUUID(), companyId: company.companyId };
const history = [
  ...companyEvents(company, 'Europe/Lisbon'),
  employeeCreated(company, { ...employee, firstName: 'Rui', lastName: 'Reis' }),
  scheduleEvent('Assigned', employee, { fromDate: '2026-03-23' }),
  workDayChanged(employee, '2026-03-23', { timeIn: '2026-03-23T09:00:00Z', timeOut: '2026-03-23T17:00:00Z' }),
];
const count = async (table: string) => (await database.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]?.n;

describe('rebuilding the read models', () => {
  it('empties them and reads every topic again under the next consumer group, each event applied once there too', async () => {
    const first = await start();
    const requestsOf = async () =>
      (await database.pool.query<{ requestId: string }>('SELECT request_id AS "requestId" FROM history_requests')).rows.map((row) => row.requestId);
    // New and empty, it asked the owning services for their state (none answers here).
    const [firstRequest] = await requestsOf();
    expect(firstRequest).toBeDefined();
    await first.bus.publish(history);
    expect(await count('employees')).toBe(1);
    expect(await count("inbox WHERE consumer_group = 'reporting'")).toBe(history.length);
    await first.app.close();

    expect(await resetReadModels(database.pool)).toBe('reporting-g2');
    expect(await currentGeneration(database.pool)).toBe(2);
    expect([
      await count('employees'),
      await count('work_days'),
      await count('schedules'),
      await count('settings'),
      await count("inbox WHERE consumer_group LIKE 'reporting%'"),
    ]).toEqual([0, 0, 0, 0, 0]);

    // Started again, it reads as reporting-g2: Kafka would hand it the topics from their beginning; here they are published again, twice.
    const second = await start();
    // Emptied, it asks again: the embedded in-process bus has nothing to read again.
    const requests = await requestsOf();
    expect(requests).toHaveLength(1);
    expect(requests[0]).not.toBe(firstRequest);
    await second.bus.publish(history);
    await second.bus.publish(history);
    expect(await count("inbox WHERE consumer_group = 'reporting-g2'")).toBe(history.length);
    const report = await call<{ total: number; totals: { workedHours: number } }>(
      second,
      superAdmin,
      'GET',
      '/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-23',
    );
    expect(report.body).toMatchObject({ total: 1, totals: { workedHours: 8 } });
  });
});
