import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import type { EventEnvelope } from '@ams/bus';
import type { ScheduleState } from '@ams/contracts';
import { withTransaction } from '@ams/db';
import { createMigratedTestDatabase, type MigratedTestDatabase } from '@ams/db/testing';
import type { CompanyScope } from '@ams/service-kit';
import { dailyCounts } from '../dashboards/dashboard-repository.ts';
import { REPORTING_SCHEMA, reportingMigrations } from '../migrations.ts';
import { applyReportingEvent, resetReadModels } from '../projections/reporting-projection.ts';
import {
  companyEvents,
  employeeCreated,
  leaveEvent,
  newCompany,
  scheduleEvent,
  settingsChanged,
  workDayChanged,
  workDayIdOf,
} from '../test-support/fixture-events.ts';
import { keepDaysUpTo } from './day-figures-store.ts';
import type { DayCount } from './day-totals.ts';
import { recomputeBatch } from './recompute-jobs.ts';

// The read models without the service around them: the events applied as the projection applies them.
let database: MigratedTestDatabase;
const acme = newCompany('Totals Acme');
const globex = newCompany('Totals Globex');
const ana = { employeeId: randomUUID(), companyId: acme.companyId };
const bea = { employeeId: randomUUID(), companyId: acme.companyId };
const caio = { employeeId: randomUUID(), companyId: globex.companyId };
/** Every event applied so far, in order: a rebuild applies them again. */
const history: EventEnvelope[] = [];
/** Friday 20 March 2026, 12:00 in Lisbon (UTC+0): that day's 09:00–17:00 shifts have started, not ended. */
const now = new Date('2026-03-20T12:00:00Z');

async function apply(events: EventEnvelope[]): Promise<void> {
  await withTransaction(database.pool, async (tx) => {
    for (const event of events) await applyReportingEvent(tx, event);
  });
  history.push(...events);
}

const counts = `count(*) FILTER (WHERE kind = 'present')::int AS present, count(*) FILTER (WHERE kind = 'absent')::int AS absent,
  count(*) FILTER (WHERE kind = 'leave')::int AS leave, count(*) FILTER (WHERE late_minutes > 0)::int AS late`;

/** The stored days counted by date and company, straight from day_figures. */
async function summedDays(): Promise<DayCount[]> {
  const { rows } = await database.pool.query<DayCount>(
    `SELECT to_char(work_date, 'YYYY-MM-DD') AS "workDate", company_id AS "companyId", ${counts} FROM day_figures GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return rows;
}

/** The kept totals, summed over their slots (a date and company whose days all left sums to zeros). */
async function keptTotals(): Promise<DayCount[]> {
  const { rows } = await database.pool.query<DayCount>(
    `SELECT to_char(work_date, 'YYYY-MM-DD') AS "workDate", company_id AS "companyId", sum(present)::int AS present, sum(absent)::int AS absent,
       sum(leave)::int AS leave, sum(late)::int AS late
     FROM day_totals GROUP BY work_date, company_id HAVING sum(present) <> 0 OR sum(absent) <> 0 OR sum(leave) <> 0 OR sum(late) <> 0 ORDER BY 1, 2`,
  );
  return rows;
}

async function expectTotalsOfStoredDays(): Promise<DayCount[]> {
  const totals = await keptTotals();
  expect(totals).toEqual(await summedDays());
  return totals;
}

const on = (totals: DayCount[], workDate: string, company: { companyId: string }) =>
  totals.find((count) => count.workDate === workDate && count.companyId === company.companyId);

const lisbonShift: Partial<ScheduleState> = {
  fromDate: '2026-03-16',
  startTime: '09:00:00.000Z',
  offTime: '17:00:00.000Z',
  totalHours: 8,
  restDays: ['saturday', 'sunday'],
};
/** A day from 09:00 + `lateBy` minutes to 17:00. */
const day = (employee: { employeeId: string; companyId: string }, workDate: string, lateBy: number, options: { change?: string; workDayId?: string } = {}) =>
  workDayChanged(employee, workDate, { timeIn: `${workDate}T09:${String(lateBy).padStart(2, '0')}:00Z`, timeOut: `${workDate}T17:00:00Z` }, options);

beforeAll(async () => {
  database = await createMigratedTestDatabase(REPORTING_SCHEMA, reportingMigrations);
  await apply([
    ...companyEvents(acme, 'Europe/Lisbon'),
    ...companyEvents(globex, 'Europe/Lisbon'),
    employeeCreated(acme, { ...ana, firstName: 'Ana', lastName: 'Totals' }),
    employeeCreated(acme, { ...bea, firstName: 'Bea', lastName: 'Totals' }),
    employeeCreated(globex, { ...caio, firstName: 'Caio', lastName: 'Totals' }),
    ...[ana, bea, caio].map((employee) => scheduleEvent('Assigned', employee, lisbonShift)),
  ]);
  while (await recomputeBatch(database.pool));
});

afterAll(async () => {
  await database?.dispose();
});

describe('the kept day totals', () => {
  it('equal the stored days summed by date and company after punches and the days kept up to the clock', async () => {
    await apply([day(ana, '2026-03-16', 10), day(bea, '2026-03-16', 0), day(caio, '2026-03-16', 5), day(ana, '2026-03-17', 10)]);
    await keepDaysUpTo(database.pool, now);
    const totals = await expectTotalsOfStoredDays();
    expect(on(totals, '2026-03-16', acme)).toMatchObject({ present: 2, absent: 0, late: 1 });
    expect(on(totals, '2026-03-17', acme)).toMatchObject({ present: 1, absent: 1, late: 1 });
    expect(on(totals, '2026-03-20', globex)).toMatchObject({ present: 0, absent: 1 });
  });

  it('follow corrections: a day made on time, a day moved to another date, a day deleted, and approved leave', async () => {
    await apply([
      day(ana, '2026-03-16', 0, { change: 'Corrected' }),
      // Bea's Monday moved to Wednesday: Monday becomes an absence.
      day(bea, '2026-03-18', 0, { change: 'Corrected', workDayId: workDayIdOf(bea.employeeId, '2026-03-16') }),
      testEvent('attendance.WorkDayChanged', caio.employeeId, {
        ...day(caio, '2026-03-16', 5).payload,
        change: 'Deleted',
        state: 'deleted',
        timeIn: null,
        timeOut: null,
      }),
      leaveEvent('Approved', ana, { leaveTypeId: randomUUID(), from: '2026-03-19', to: '2026-03-19', workingDays: 1 }),
    ]);
    const totals = await expectTotalsOfStoredDays();
    expect(on(totals, '2026-03-16', acme)).toMatchObject({ present: 1, absent: 1, late: 0 });
    expect(on(totals, '2026-03-18', acme)).toMatchObject({ present: 1, absent: 1 });
    expect(on(totals, '2026-03-16', globex)).toMatchObject({ present: 0, absent: 1 });
    expect(on(totals, '2026-03-19', acme)).toMatchObject({ leave: 1, absent: 1 });
  });

  it('follow a rules change once its recompute is worked off, and an employee who leaves the read model', async () => {
    expect(on(await keptTotals(), '2026-03-17', acme)).toMatchObject({ late: 1 });
    await apply([settingsChanged(acme, 'Europe/Lisbon', { lateGraceMinutes: 15 })]);
    while (await recomputeBatch(database.pool));
    expect(on(await expectTotalsOfStoredDays(), '2026-03-17', acme)).toMatchObject({ present: 1, late: 0 });

    await apply([testEvent('employee.EmployeeDeleted', caio.employeeId, { employeeId: caio.employeeId })]);
    const totals = await expectTotalsOfStoredDays();
    expect(totals.filter((count) => count.companyId === globex.companyId)).toEqual([]);
  });

  it('are emptied by a rebuild and kept again as its replay recomputes the days', async () => {
    const before = await keptTotals();
    await resetReadModels(database.pool);
    expect((await database.pool.query('SELECT * FROM day_totals')).rows).toEqual([]);
    const replayed = history.splice(0);
    await apply(replayed);
    while (await recomputeBatch(database.pool));
    await keepDaysUpTo(database.pool, now);
    expect(await expectTotalsOfStoredDays()).toEqual(before);
  });

  it('give the dashboard’s series the counts summed from the stored days, absences only once their shift has ended', async () => {
    const reference = async (scope: CompanyScope, companyId?: string) => {
      const params: unknown[] = ['2026-03-16', '2026-03-21', now];
      const only = scope.kind === 'company' ? ` AND company_id = $${params.push(scope.companyId)}` : '';
      const also = companyId ? ` AND company_id = $${params.push(companyId)}` : '';
      const { rows } = await database.pool.query<{ date: string; present: number; absent: number; leave: number; late: number }>(
        `SELECT to_char(work_date, 'YYYY-MM-DD') AS date, count(*) FILTER (WHERE kind = 'present')::int AS present, count(*) FILTER (WHERE kind = 'absent')::int AS absent,
           count(*) FILTER (WHERE kind = 'leave')::int AS leave, count(*) FILTER (WHERE late_minutes > 0)::int AS late
         FROM day_figures WHERE work_date BETWEEN $1 AND $2 AND (kind <> 'absent' OR shift_end <= $3)${only}${also} GROUP BY work_date`,
        params,
      );
      return rows;
    };
    // The series shows a date without any count as zeros: a row of zeros and no row are the same point.
    const byDate = <T extends { date: string; present: number; absent: number; leave: number; late: number }>(rows: T[]) =>
      rows.filter((row) => row.present + row.absent + row.leave + row.late > 0).sort((a, b) => a.date.localeCompare(b.date));
    const series = (scope: CompanyScope, companyId?: string) => dailyCounts(database.pool, scope, companyId, '2026-03-16', '2026-03-21', now);
    const everyone = byDate(await series({ kind: 'all' }));
    expect(everyone).toEqual(byDate(await reference({ kind: 'all' })));
    // Friday's shifts have started, not ended: Ana's and Bea's Fridays without a punch are kept, but no absence yet.
    expect(on(await keptTotals(), '2026-03-20', acme)).toMatchObject({ absent: 2 });
    expect((await series({ kind: 'all' })).find((point) => point.date === '2026-03-20')).toMatchObject({ present: 0, absent: 0, late: 0 });
    expect(everyone.find((point) => point.date === '2026-03-17')).toMatchObject({ present: 1, absent: 1 });
    expect(byDate(await series({ kind: 'company', companyId: acme.companyId }))).toEqual(
      byDate(await reference({ kind: 'company', companyId: acme.companyId })),
    );
    expect(byDate(await series({ kind: 'all' }, globex.companyId))).toEqual(byDate(await reference({ kind: 'all' }, globex.companyId)));
  });
});
