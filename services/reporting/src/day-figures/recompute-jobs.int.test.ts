import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@ams/bus';
import { withTransaction } from '@ams/db';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@ams/db/testing';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';
import { applyReportingEvent } from '../projections/reporting-projection.ts';
import { companyEvents, employeeCreated, newCompany, scheduleEvent, settingsChanged, workDayChanged } from '../test-support/fixture-events.ts';
import { recomputeBatch } from './recompute-jobs.ts';

// The read models without the service around them: no worker runs but the test's own calls.
let database: MigratedTestDatabase;
const company = newCompany('Recompute Co');
const other = newCompany('Other Co');
const staff = Array.from({ length: 3 }, () => ({ employeeId: randomUUID(), companyId: company.companyId }));
const outsider = { employeeId: randomUUID(), companyId: other.companyId };

const apply = (events: EventEnvelope[]) =>
  withTransaction(database.pool, async (tx) => {
    for (const event of events) await applyReportingEvent(tx, event);
  });

/** Each employee's minutes late on Monday 23 March 2026, by employee id. */
async function lateness(): Promise<Record<string, number>> {
  const { rows } = await database.pool.query<{ employeeId: string; late: number }>(
    `SELECT employee_id AS "employeeId", late_minutes AS late FROM day_figures WHERE work_date = '2026-03-23'`,
  );
  return Object.fromEntries(rows.map((row) => [row.employeeId, row.late]));
}

const pending = async () =>
  (await database.pool.query<{ companyId: string; after: string | null }>('SELECT scope_id AS "companyId", after_id AS after FROM day_figures_recomputes'))
    .rows;

beforeAll(async () => {
  database = await createMigratedTestDatabase(REPORTING_SCHEMA, reportingMigrations);
  // Everyone 3 minutes late on a 09:00 shift, with no grace yet.
  await apply([
    ...companyEvents(company, 'Europe/Lisbon'),
    ...companyEvents(other, 'Europe/Lisbon'),
    ...[...staff, outsider].flatMap((employee, index) => [
      employeeCreated(employee.companyId === company.companyId ? company : other, { ...employee, firstName: `Worker${index}`, lastName: 'Recompute' }),
      scheduleEvent('Assigned', employee, { fromDate: '2026-03-23' }),
      workDayChanged(employee, '2026-03-23', { timeIn: '2026-03-23T09:03:00Z', timeOut: '2026-03-23T17:00:00Z' }),
    ]),
  ]);
  // The fixture's companies start with a settings event each: nothing left to recompute from those for the test.
  while (await recomputeBatch(database.pool));
});

afterAll(async () => {
  await database?.dispose();
});

describe('a rule change’s recompute', () => {
  it('is only recorded in the settings event’s transaction, then worked off in batches of employees, the other companies untouched', async () => {
    const late = { ...Object.fromEntries(staff.map((employee) => [employee.employeeId, 3])), [outsider.employeeId]: 3 };
    expect(await lateness()).toEqual(late);
    await apply([settingsChanged(company, 'Europe/Lisbon', { lateGraceMinutes: 5 })]);
    // The event's transaction recomputed nothing: it left the company's request.
    expect(await lateness()).toEqual(late);
    expect(await pending()).toEqual([{ companyId: company.companyId, after: null }]);

    const ordered = staff.map((employee) => employee.employeeId).sort();
    expect(await recomputeBatch(database.pool, 2)).toBe(true);
    expect(await pending()).toEqual([{ companyId: company.companyId, after: ordered[1] }]);
    expect(await lateness()).toEqual({ ...late, [ordered[0] as string]: 0, [ordered[1] as string]: 0 });

    expect(await recomputeBatch(database.pool, 2)).toBe(true);
    expect(await pending()).toEqual([]);
    expect(await recomputeBatch(database.pool, 2)).toBe(false);
    expect(await lateness()).toEqual({ ...Object.fromEntries(staff.map((employee) => [employee.employeeId, 0])), [outsider.employeeId]: 3 });
  });

  it('starts over when the rules change again midway, and gives the same figures however often it runs', async () => {
    await apply([settingsChanged(company, 'Europe/Lisbon', { lateGraceMinutes: 1 })]);
    expect(await recomputeBatch(database.pool, 2)).toBe(true);
    await apply([settingsChanged(company, 'Europe/Lisbon', { lateGraceMinutes: 0 })]);
    expect(await pending()).toEqual([{ companyId: company.companyId, after: null }]);
    while (await recomputeBatch(database.pool, 2));
    const once = await lateness();
    expect(once).toEqual(Object.fromEntries([...staff, outsider].map((employee) => [employee.employeeId, 3])));
    await apply([settingsChanged(company, 'Europe/Lisbon', { lateGraceMinutes: 0 })]);
    while (await recomputeBatch(database.pool, 2));
    expect(await lateness()).toEqual(once);
  });
});
