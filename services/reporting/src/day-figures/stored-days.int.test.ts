import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { companyEvents, employeeCreated, newCompany, scheduleEvent, workDayChanged } from '../test-support/fixture-events.ts';
import { startReporting, type ReportingHarness } from '../test-support/reporting-harness.ts';

let reporting: ReportingHarness;
const company = newCompany('Stored Days Co');
const ana = { employeeId: randomUUID(), companyId: company.companyId };
const bea = { employeeId: randomUUID(), companyId: company.companyId };

beforeAll(async () => {
  // Monday 23 March 2026, 10:00 in Lisbon (UTC+0 until the 29th): Ana's 09:00–17:00 shift has started.
  reporting = await startReporting({ startAt: '2026-03-23T10:00:00Z' });
  await reporting.bus.publish([
    ...companyEvents(company, 'Europe/Lisbon'),
    employeeCreated(company, { ...ana, firstName: 'Ana', lastName: 'Stored' }),
    scheduleEvent('Assigned', ana, {
      fromDate: '2026-03-23',
      startTime: '09:00:00.000Z',
      offTime: '17:00:00.000Z',
      totalHours: 8,
      restDays: ['saturday', 'sunday'],
    }),
  ]);
});

afterAll(async () => {
  await reporting?.close();
});

interface Totals {
  total: number;
  totals: { daysWorked: number; absences: number };
}

const week = async (employeeId: string) =>
  (await call<Totals>(reporting, superAdmin, 'GET', `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-29&employeeId=${employeeId}`)).body;

describe('the stored day figures', () => {
  it('count a working day without attendance as an absence only once its shift has ended, and keep up with the clock', async () => {
    expect((await week(ana.employeeId)).totals.absences).toBe(0);
    reporting.clock.set('2026-03-23T17:00:00Z');
    expect((await week(ana.employeeId)).totals.absences).toBe(1);
    // Days later: the days since are kept as the clock moves on (the weekend is no absence).
    reporting.clock.set('2026-03-29T12:00:00Z');
    expect(await week(ana.employeeId)).toMatchObject({ total: 5, totals: { absences: 5, daysWorked: 0 } });
  });

  it('compute a day whose punches came before the employee and the schedule (other topics), once they arrive', async () => {
    await reporting.bus.publish([workDayChanged(bea, '2026-03-24', { timeIn: '2026-03-24T09:20:00Z', timeOut: '2026-03-24T17:00:00Z' })]);
    expect((await week(bea.employeeId)).total).toBe(0);
    await reporting.bus.publish([employeeCreated(company, { ...bea, firstName: 'Bea', lastName: 'Stored' })]);
    expect(await week(bea.employeeId)).toMatchObject({ total: 1, totals: { daysWorked: 1, absences: 0 } });
    await reporting.bus.publish([
      scheduleEvent('Assigned', bea, {
        fromDate: '2026-03-23',
        startTime: '09:00:00.000Z',
        offTime: '17:00:00.000Z',
        totalHours: 8,
        restDays: ['saturday', 'sunday'],
      }),
    ]);
    const report = (
      await call<{ items: Array<{ workDate: string; mark: string; lateMinutes: number }> }>(
        reporting,
        superAdmin,
        'GET',
        `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-29&employeeId=${bea.employeeId}`,
      )
    ).body;
    expect(report.items.map(({ workDate, mark, lateMinutes }) => ({ workDate, mark, lateMinutes }))).toEqual([
      { workDate: '2026-03-23', mark: 'absent', lateMinutes: 0 },
      { workDate: '2026-03-24', mark: 'present', lateMinutes: 20 },
      { workDate: '2026-03-25', mark: 'absent', lateMinutes: 0 },
      { workDate: '2026-03-26', mark: 'absent', lateMinutes: 0 },
      { workDate: '2026-03-27', mark: 'absent', lateMinutes: 0 },
    ]);
  });
});
