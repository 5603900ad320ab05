import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceSheetTexts, type Attendance, type AttendanceOvertimeRow } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { asCaller, call } from '@ams/service-kit/testing';
import { readWorkbook } from '@ams/spreadsheet/testing';
import { waitForRecomputes } from '../day-figures/recompute-jobs.ts';
import { acme, ana, arrivalsAfterShiftEvents, bruno, carla, correctnessEvents, globex } from '../test-support/correctness-fixture.ts';
import { employeeCreated, scheduleEvent, workDayChanged } from '../test-support/fixture-events.ts';
import { startReporting, type ReportingHarness } from '../test-support/reporting-harness.ts';

/*
 * The attendance list reads the days the reports count (day_figures): the list and the attendance-overtime
 * report must show the same figures for every day of the correctness fixture.
 */

type Page = { items: Attendance[]; total: number };
type Presence = { items: Array<{ employeeId: string; employeeName: string; companyId: string; workDate: string; state: string; since: string }> };

let reporting: ReportingHarness;
const period = 'from=2026-03-23&to=2026-03-30';

beforeAll(async () => {
  reporting = await startReporting({ startAt: '2026-03-30T14:00:00Z' });
  await reporting.bus.publish([...correctnessEvents(), ...arrivalsAfterShiftEvents()]);
});
afterAll(async () => {
  await reporting?.close();
});

async function list(principal = superAdmin, query = period): Promise<Page> {
  const answer = await call<Page>(reporting, principal, 'GET', `/api/attendance?${query}&pageSize=100`);
  expect(answer.status, answer.raw).toBe(200);
  return answer.body;
}

const key = (day: { employeeId: string; workDate: string }) => `${day.employeeId} ${day.workDate}`;

describe('the attendance list and the attendance-overtime report', () => {
  it('show the same figures for every day of the correctness fixture', async () => {
    const report = await call<{ items: AttendanceOvertimeRow[] }>(reporting, superAdmin, 'GET', `/api/reports/attendance-overtime?${period}&pageSize=200`);
    expect(report.status, report.raw).toBe(200);
    const reported = new Map(
      report.body.items
        .filter((row) => row.mark === 'present')
        .map((row) => [
          key(row),
          {
            timeIn: row.timeIn,
            timeOut: row.timeOut,
            totalHours: row.timeOut === null ? null : row.workedHours,
            lateMinutes: row.lateMinutes,
            overtimeHours: row.overtimeHours,
            early: row.earlyDepartureMinutes > 0,
            reason: row.correctionReason,
            recordedOffline: row.recordedOffline,
          },
        ]),
    );
    const listed = new Map(
      (await list()).items.map((day) => [
        key(day),
        {
          timeIn: day.timeIn,
          timeOut: day.timeOut,
          totalHours: day.totalHours,
          lateMinutes: day.lateMinutes,
          overtimeHours: day.overtimeHours,
          early: day.departureStatus === 'early departure',
          reason: day.reason,
          recordedOffline: day.recordedOffline,
        },
      ]),
    );
    // Every fixture day: Ana's three, Bruno's two, Carla's three (one still open) and Olga's four.
    expect(listed.size).toBe(12);
    expect(Object.fromEntries(listed)).toEqual(Object.fromEntries(reported));
    // Hand-computed days (see the fixture), so that agreement cannot come from two empty sides.
    expect(listed.get(key({ ...ana, workDate: '2026-03-23' }))).toMatchObject({ totalHours: 7.75, lateMinutes: 0, overtimeHours: 0.5 });
    expect(listed.get(key({ ...bruno, workDate: '2026-03-23' }))).toMatchObject({ totalHours: 8.33, lateMinutes: 10, overtimeHours: 0.5 });
    expect(listed.get(key({ ...carla, workDate: '2026-03-30' }))).toMatchObject({ totalHours: null, timeOut: null });
  });

  it('derives the arrival and departure statuses from the counted minutes', async () => {
    const days = (await list(adminOf(acme.companyId))).items;
    const anas = Object.fromEntries(
      days.filter((day) => day.employeeId === ana.employeeId).map((day) => [day.workDate, [day.arrivalStatus, day.departureStatus]]),
    );
    expect(anas).toEqual({
      '2026-03-23': ['on time', 'on time'],
      '2026-03-24': ['late arrival', 'early departure'],
      '2026-03-25': ['on time', 'on time'],
    });
    const late = await list(adminOf(acme.companyId), `${period}&arrivalStatus=${encodeURIComponent('late arrival')}`);
    expect(late.items.map((day) => `${day.employeeName} ${day.workDate}`)).toEqual(['Ana Alves 2026-03-24', 'Bruno Barros 2026-03-23']);
    const open = (await list()).items.find((day) => day.employeeId === carla.employeeId && day.workDate === '2026-03-30');
    expect(open).toMatchObject({ state: 'working', departureStatus: null });
  });
});

describe('scope, one day and the personal list', () => {
  it("shows an Admin their company's days only, newest first, and a day of another company as unknown", async () => {
    const globexDays = await list(adminOf(globex.companyId));
    expect(globexDays.items.map((day) => day.workDate)).toEqual(['2026-03-30', '2026-03-26', '2026-03-23']);
    expect(new Set(globexDays.items.map((day) => day.companyId))).toEqual(new Set([globex.companyId]));
    const anasDay = (await list(adminOf(acme.companyId), `${period}&employeeId=${ana.employeeId}`)).items[0] as Attendance;
    const unknown = await call(reporting, adminOf(globex.companyId), 'GET', `/api/attendance/${anasDay.id}`);
    expect(unknown.status).toBe(404);
    expect(unknown.raw).toContain('No attendance found!');
    const one = await call<Attendance>(reporting, adminOf(acme.companyId), 'GET', `/api/attendance/${anasDay.id}`);
    expect(one.body).toEqual(anasDay);
  });

  it('pages through the days with the total of all of them', async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => call<Page>(reporting, superAdmin, 'GET', `/api/attendance?${period}&page=${page}&pageSize=5`)));
    expect(pages.map((page) => page.body.total)).toEqual([12, 12, 12]);
    expect(pages.flatMap((page) => page.body.items.map((day) => day.id))).toEqual((await list()).items.map((day) => day.id));
  });

  it('shows the signed-in employee only their own days, and a user who is no employee none', async () => {
    const mine = await call<Page>(reporting, employeePrincipal(acme.companyId, ana.employeeId), 'GET', '/api/me/attendance?from=2026-03-24&to=2026-03-25');
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.items.map((day) => [day.employeeId, day.workDate])).toEqual([
      [ana.employeeId, '2026-03-25'],
      [ana.employeeId, '2026-03-24'],
    ]);
    const nobody = await call(
      reporting,
      { ...(adminOf(acme.companyId) as Extract<ReturnType<typeof adminOf>, { kind: 'user' }>), employeeId: null },
      'GET',
      '/api/me/attendance',
    );
    expect(nobody.status).toBe(404);
    for (const url of ['/api/attendance', `/api/attendance/${randomUUID()}`, '/api/attendance/presence', '/api/attendance/export']) {
      expect((await call(reporting, employeePrincipal(acme.companyId, ana.employeeId), 'GET', url)).status, url).toBe(403);
    }
  });
});

describe('presence', () => {
  it('follows an employee through the day and forgets them the next, as the counted days say', async () => {
    // Acme (Lisbon, on UTC in March) has no day of the 30th so far.
    const company = acme;
    const admin = adminOf(company.companyId);
    const filipa = { employeeId: randomUUID(), companyId: company.companyId };
    await reporting.bus.publish([
      employeeCreated(company, { ...filipa, firstName: 'Filipa', lastName: 'Gomes', createdAt: '2026-01-05T10:00:00.000Z' }),
      scheduleEvent('Assigned', filipa, { restDays: [], fromDate: '2026-03-01' }),
    ]);
    const presence = async () => {
      await waitForRecomputes(reporting.pool);
      const answer = await call<Presence>(reporting, admin, 'GET', '/api/attendance/presence');
      expect(answer.status, answer.raw).toBe(200);
      return answer.body.items;
    };
    expect(await presence()).toEqual([]);
    await reporting.bus.publish([workDayChanged(filipa, '2026-03-30', { timeIn: '2026-03-30T08:57:00Z' })]);
    expect(await presence()).toEqual([
      {
        employeeId: filipa.employeeId,
        employeeName: 'Filipa Gomes',
        companyId: company.companyId,
        workDate: '2026-03-30',
        state: 'working',
        since: '2026-03-30T08:57:00.000Z',
      },
    ]);
    await reporting.bus.publish([workDayChanged(filipa, '2026-03-30', { timeIn: '2026-03-30T08:57:00Z', breakIn: '2026-03-30T12:00:00Z' })]);
    expect(await presence()).toMatchObject([{ state: 'on-break', since: '2026-03-30T12:00:00.000Z' }]);
    await reporting.bus.publish([
      workDayChanged(filipa, '2026-03-30', {
        timeIn: '2026-03-30T08:57:00Z',
        breakIn: '2026-03-30T12:00:00Z',
        breakOut: '2026-03-30T12:30:00Z',
        timeOut: '2026-03-30T13:30:00Z',
      }),
    ]);
    expect(await presence()).toMatchObject([{ state: 'left', since: '2026-03-30T13:30:00.000Z' }]);
    reporting.clock.set('2026-03-31T08:00:00Z');
    expect(await presence()).toEqual([]);
    reporting.clock.set('2026-03-30T14:00:00Z');
  });
});

describe('the attendance workbook', () => {
  it('holds the filtered list, one row a day, in the company’s clock', async () => {
    const response = await reporting.app.inject({
      method: 'GET',
      url: `/api/attendance/export?${period}&companyId=${globex.companyId}&language=en`,
      headers: asCaller(superAdmin, undefined, { method: 'GET', path: '/api/attendance/export' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${attendanceSheetTexts.en.fileName}-2026-03-30.xlsx"`);
    const [sheet] = await readWorkbook(response.rawPayload);
    const [headings = [], ...rows] = sheet?.rows ?? [];
    expect(headings[0]).toBe(attendanceSheetTexts.en.employee);
    expect(rows.map((row) => row[0])).toEqual(['Carla Costa', 'Carla Costa', 'Carla Costa']);
  });
});
