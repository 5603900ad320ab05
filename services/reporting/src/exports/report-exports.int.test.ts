import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@ams/bus/testing';
import { reportSheetTexts, XLSX_MEDIA_TYPE, type Principal, type ReportExport, type ReportName } from '@ams/contracts';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { asCaller, call } from '@ams/service-kit/testing';
import { wallClockOf } from '@ams/spreadsheet';
import { readWorkbook } from '@ams/spreadsheet/testing';
import { acme, annual, ana, globex, startWithCorrectnessFixture } from '../test-support/correctness-fixture.ts';
import { employeeCreated, signedIn, userSaved } from '../test-support/fixture-events.ts';
import type { ReportingHarness } from '../test-support/reporting-harness.ts';

type Row = Record<string, unknown>;
const en = reportSheetTexts.en;
const zones: Record<string, string> = { [acme.companyId]: 'Europe/Lisbon', [globex.companyId]: 'America/New_York' };
const date = (value: unknown) => (typeof value === 'string' ? new Date(`${value}T00:00:00Z`) : null);
const wall = (instant: unknown, companyId: unknown) =>
  typeof instant === 'string' ? wallClockOf(new Date(instant), zones[String(companyId)] ?? 'Europe/Lisbon') : null;
const employee = (row: Row) => [row.employeeName, row.departmentName];
/** A day's or an employee's figures, in the order of the contracts' figures (scheduled hours to overtime). */
const figures = (row: Row) => [row.scheduledHours, row.workedHours, row.breakMinutes, row.lateMinutes, row.earlyDepartureMinutes, row.overtimeHours];
const status = (value: unknown) => en.statuses[value as keyof typeof en.statuses];

let reporting: ReportingHarness;
const adminRole = randomUUID();
const acmeAdmin = randomUUID();

beforeAll(async () => {
  reporting = await startWithCorrectnessFixture([
    // Someone with a birthday (the fixture's employees have none), and no schedule.
    employeeCreated(acme, { employeeId: randomUUID(), companyId: acme.companyId, firstName: 'Dora', lastName: 'Dias', birthday: '1990-03-31' }),
    testEvent('organisation.LeaveTypeSaved', annual, { leaveTypeId: annual, companyId: acme.companyId, name: 'Annual' }),
    testEvent('identity.RoleSaved', adminRole, { roleId: adminRole, name: 'Administrator', companyId: null, userType: 'admin', permissions: {} }),
    userSaved({ userId: acmeAdmin, name: 'Acme Admin', accountType: 'Admin', companyId: acme.companyId, roleId: adminRole }),
    signedIn(acmeAdmin, '2026-03-29T08:00:00.000Z'),
  ]);
});
afterAll(async () => {
  await reporting?.close();
});

async function start(principal: Principal, body: object) {
  return call<ReportExport>(reporting, principal, 'POST', '/api/report-exports', body);
}

/** Starts an export, polls it until it is done, downloads and opens its workbook. */
async function exported(principal: Principal, report: ReportName, query: Record<string, unknown>, language: 'en' | 'es' = 'en') {
  const started = await start(principal, { report, query, language });
  expect(started.status).toBe(201);
  let progress = started.body;
  for (let attempt = 0; progress.status === 'running' && attempt < 200; attempt += 1) {
    await sleep(25);
    progress = (await call<ReportExport>(reporting, principal, 'GET', `/api/report-exports/${started.body.id}`)).body;
  }
  expect(progress.status).toBe('done');
  const response = await reporting.app.inject({ method: 'GET', url: `/api/report-exports/${progress.id}/file`, headers: asCaller(principal) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
  expect(response.headers['content-disposition']).toBe(`attachment; filename="${progress.fileName}"`);
  const [sheet] = await readWorkbook(response.rawPayload);
  if (!sheet) throw new Error('no sheet');
  return { progress, sheet };
}

/** The report's JSON answer for the same filters, every row on one page. */
async function json(principal: Principal, report: ReportName, query: Record<string, string>) {
  const answer = await call<Row & { items: Row[] }>(
    reporting,
    principal,
    'GET',
    `/api/reports/${report}?${new URLSearchParams({ ...query, pageSize: '500' }).toString()}`,
  );
  expect(answer.status).toBe(200);
  return answer.body;
}

const week = { from: '2026-03-23', to: '2026-03-29' };

/** Per report: its filters and each JSON row as the sheet's cells. */
const cases: Array<[ReportName, Record<string, string>, (row: Row) => unknown[]]> = [
  [
    'attendance-overtime',
    week,
    (row) => [
      ...employee(row),
      date(row.workDate),
      en.marks[row.mark as 'present'],
      wall(row.timeIn, row.companyId),
      wall(row.breakIn, row.companyId),
      wall(row.breakOut, row.companyId),
      wall(row.timeOut, row.companyId),
      ...figures(row),
      row.correctionReason,
      row.recordedOffline ? en.yes : null,
    ],
  ],
  [
    'consolidated-overtime',
    week,
    (row) => [...employee(row), row.daysWorked, row.absences, row.leaveDays, row.lateArrivals, row.earlyDepartures, ...figures(row)],
  ],
  [
    'employee-attendance',
    week,
    (row) => [
      ...employee(row),
      row.scheduledDays,
      row.daysPresent,
      row.absences,
      row.leaveDays,
      row.lateArrivals,
      row.earlyDepartures,
      row.workedHours,
      row.attendanceRate,
    ],
  ],
  ['employee-birthdays', {}, (row) => [...employee(row), date(row.birthday), row.month, row.day, row.turns]],
  ['employee-leaves', week, (row) => [...employee(row), row.leaveTypeName, status(row.status), row.requests, row.workingDays]],
  [
    'employee-list',
    {},
    (row) => [
      `${String(row.firstName)} ${String(row.lastName)}`,
      row.email,
      row.companyName,
      row.departmentName,
      row.jobTitleName,
      row.gender,
      row.civilStatus,
      date(row.birthday),
      row.age,
      row.employmentType,
      status(row.employmentStatus),
      date(row.officialStartDate),
      row.phoneNumber,
      row.nationalId,
    ],
  ],
  [
    'employee-schedule',
    { date: '2026-03-25' },
    (row) => {
      const schedule = row.schedule as Row | null;
      return [
        ...employee(row),
        schedule?.startTime ?? null,
        schedule?.offTime ?? null,
        schedule?.totalHours ?? null,
        (schedule?.restDays as string[] | undefined)?.join(', ') ?? null,
        date(schedule?.fromDate),
        date(schedule?.toDate),
      ];
    },
  ],
  [
    'user-accounts',
    {},
    (row) => [row.name, row.email, row.accountType, row.roleName, status(row.status), row.companyName, wall(row.lastSignInAt, row.companyId)],
  ],
];

describe('report exports (.xlsx)', () => {
  it.each(cases)('writes the %s report as its JSON answer shows it, times on each company’s clock', async (report, query, cellsOf) => {
    const [answer, { progress, sheet }] = await Promise.all([json(superAdmin, report, query), exported(superAdmin, report, query)]);
    const expected = answer.items.map(cellsOf);
    expect(expected.length).toBeGreaterThan(0);
    expect(sheet.name).toBe(en.sheets[report]);
    expect(sheet.rows.slice(1)).toEqual(expected);
    expect(progress).toMatchObject({ rowsWritten: expected.length, rowsTotal: expected.length });
    expect(progress.fileName).toBe(`${en.fileNames[report]}-2026-03-30.xlsx`);
  });

  it('writes the organisation profile: companies, departments and each tally', async () => {
    const profile = await json(adminOf(acme.companyId), 'organization-profile', {});
    const { sheet } = await exported(adminOf(acme.companyId), 'organization-profile', {});
    const companies = profile.companies as Row[];
    expect(sheet.rows[1]).toEqual([
      en.sections.companies,
      'Acme',
      companies[0]?.departments,
      companies[0]?.jobTitles,
      companies[0]?.active,
      companies[0]?.archived,
      null,
    ]);
    const genders = (profile.gender as Row[]).map((tally) => [en.sections.gender, tally.key, null, null, null, null, tally.count]);
    expect(sheet.rows.filter((row) => row[0] === en.sections.gender)).toEqual(genders);
    expect(sheet.rows).toHaveLength(1 + companies.length + (profile.departments as Row[]).length + 7 + 6 + 2 + 2);
  });

  it("writes the headings in Spanish, dates in the locale's format, times as the company's clock and hours as numbers", async () => {
    const { sheet, progress } = await exported(adminOf(acme.companyId), 'attendance-overtime', { ...week, employeeId: ana.employeeId }, 'es');
    expect(progress.fileName).toBe('asistencia-horas-extra-2026-03-30.xlsx');
    expect(sheet.name).toBe('Asistencia y horas extra');
    expect(sheet.rows[0]?.slice(0, 5)).toEqual(['Empleado', 'Departamento', 'Fecha', 'Día', 'Entrada']);
    expect(sheet.rows[1]?.slice(0, 5)).toEqual([
      'Ana Alves',
      expect.anything(),
      new Date('2026-03-23T00:00:00Z'),
      'Presente',
      new Date('2026-03-23T08:55:00Z'),
    ]);
    expect(sheet.formats[1]?.slice(2, 10)).toEqual(['mm-dd-yy', '', 'hh:mm', 'hh:mm', 'hh:mm', 'hh:mm', '0.00', '0.00']);
    expect(typeof sheet.rows[1]?.[9]).toBe('number');
  });

  it("keeps an Admin's export to their company's employees", async () => {
    const { sheet } = await exported(adminOf(globex.companyId), 'consolidated-overtime', week);
    expect(sheet.rows.slice(1).map((row) => row[0])).toEqual(['Carla Costa']);
  });
});

describe('who sees an export', () => {
  it('answers 404 to anyone but its starter, for its status and its file', async () => {
    const owner = adminOf(acme.companyId);
    const { progress } = await exported(owner, 'employee-list', {});
    for (const other of [adminOf(acme.companyId), superAdmin]) {
      expect((await call(reporting, other, 'GET', `/api/report-exports/${progress.id}`)).status).toBe(404);
      expect((await call(reporting, other, 'GET', `/api/report-exports/${progress.id}/file`)).status).toBe(404);
    }
    expect((await call(reporting, owner, 'GET', `/api/report-exports/${randomUUID()}`)).status).toBe(404);
  });

  it('answers 409 for the file of an export still running', async () => {
    const owner = adminOf(acme.companyId);
    const id = randomUUID();
    await reporting.pool.query(
      `INSERT INTO report_exports (export_id, user_id, report, status, file_name, started_at) VALUES ($1, $2, 'employee-list', 'running', 'x.xlsx', now())`,
      [id, owner.userId],
    );
    expect((await call(reporting, owner, 'GET', `/api/report-exports/${id}`)).body).toEqual({
      id,
      status: 'running',
      rowsWritten: 0,
      rowsTotal: null,
      fileName: 'x.xlsx',
    });
    expect((await call(reporting, owner, 'GET', `/api/report-exports/${id}/file`)).status).toBe(409);
  });

  it('stops serving a finished export an hour later, leaving its deletion to the export jobs (the reads write nothing)', async () => {
    const owner = adminOf(acme.companyId);
    const { progress } = await exported(owner, 'employee-birthdays', {});
    reporting.clock.advance(61 * 60 * 1000);
    try {
      expect((await call(reporting, owner, 'GET', `/api/report-exports/${progress.id}`)).status).toBe(404);
      expect((await call(reporting, owner, 'GET', `/api/report-exports/${progress.id}/file`)).status).toBe(404);
      const { rows } = await reporting.pool.query('SELECT 1 FROM report_export_chunks WHERE export_id = $1 LIMIT 1', [progress.id]);
      expect(rows).toHaveLength(1);
    } finally {
      reporting.clock.advance(-61 * 60 * 1000);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['an unknown report', { report: 'salaries', query: {}, language: 'en' }],
    ['an unknown language', { report: 'employee-list', query: {}, language: 'fr' }],
    ['a reversed period', { report: 'attendance-overtime', query: { from: '2026-03-29', to: '2026-03-23' }, language: 'en' }],
    ['a bad date', { report: 'attendance-overtime', query: { from: '23/03/2026' }, language: 'en' }],
    ['a bad month', { report: 'employee-birthdays', query: { month: 13 }, language: 'en' }],
  ])('answers 400 to %s', async (_case, body) => {
    const answer = await start(superAdmin, body);
    expect(answer.status).toBe(400);
  });

  it('answers 400 to an id that is not one', async () => {
    expect((await call(reporting, superAdmin, 'GET', '/api/report-exports/not-an-id')).status).toBe(400);
  });
});
