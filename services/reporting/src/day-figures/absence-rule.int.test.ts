import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, PersonalDashboard } from '@ams/contracts';
import { adminOf, employeePrincipal } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import { absenceOf } from '@ams/work-time';
import { companyEvents, employeeCreated, newCompany, scheduleEvent } from '../test-support/fixture-events.ts';
import { startReporting, type ReportingHarness } from '../test-support/reporting-harness.ts';

let reporting: ReportingHarness;
const company = newCompany('Shift End Co');
const cleo = { employeeId: randomUUID(), companyId: company.companyId };
// Monday 30 March 2026, Lisbon on summer time: Cleo's 09:00–17:00 shift ends at 16:00 UTC; she never clocks in.
const shiftEnd = Date.parse('2026-03-30T16:00:00.000Z');

beforeAll(async () => {
  reporting = await startReporting({ startAt: '2026-03-30T12:00:00Z' });
  await reporting.bus.publish([
    ...companyEvents(company, 'Europe/Lisbon'),
    employeeCreated(company, { ...cleo, firstName: 'Cleo', lastName: 'Shift' }),
    scheduleEvent('Assigned', cleo, { fromDate: '2026-03-30', startTime: '09:00:00.000Z', offTime: '17:00:00.000Z', totalHours: 8, restDays: [] }),
  ]);
});

afterAll(async () => {
  await reporting?.close();
});

/** What each reader says of Cleo's day at `now`: the personal dashboard (absenceOf itself) and the three queries of the stored days. */
async function answersAt(now: number) {
  reporting.clock.set(new Date(now).toISOString());
  const admin = adminOf(company.companyId);
  const mine = (await call<PersonalDashboard>(reporting, employeePrincipal(company.companyId, cleo.employeeId), 'GET', '/api/dashboard/me')).body;
  const board = (await call<AdminDashboard>(reporting, admin, 'GET', '/api/dashboard/admin')).body;
  const report = (
    await call<{ items: Array<{ mark: string }>; totals: { absences: number } }>(
      reporting,
      admin,
      'GET',
      `/api/reports/attendance-overtime?from=2026-03-30&to=2026-03-30&employeeId=${cleo.employeeId}`,
    )
  ).body;
  return {
    personal: mine.today?.status,
    presence: board.presence.absent.count === 1 ? 'absent' : board.presence.notIn.count === 1 ? 'not-in' : 'neither',
    dailyAbsences: board.series.at(-1)?.absent,
    reportMarks: report.items.map((item) => item.mark),
    reportAbsences: report.totals.absences,
  };
}

describe('a working day without a punch or leave', () => {
  it.each([
    ['just before its shift ends', -1],
    ['as its shift ends', 0],
    ['just after its shift ends', 1],
  ])('is the same to every reader %s: absenceOf’s answer', async (_, offset) => {
    const absent = absenceOf(shiftEnd, shiftEnd + offset) === 'absent';
    expect(await answersAt(shiftEnd + offset)).toEqual({
      personal: absent ? 'absent' : 'not-in',
      presence: absent ? 'absent' : 'not-in',
      dailyAbsences: absent ? 1 : 0,
      reportMarks: absent ? ['absent'] : [],
      reportAbsences: absent ? 1 : 0,
    });
  });
});
