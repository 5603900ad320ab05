import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard, PersonalDashboard } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { call } from '@ams/service-kit/testing';
import {
  acme,
  annual,
  ana,
  arrivalsAfterShiftEvents,
  bruno,
  firstClockIn,
  globex,
  initech,
  olga,
  startWithCorrectnessFixture,
} from '../test-support/correctness-fixture.ts';
import { employeeCreated, leaveEvent, scheduleEvent, settingsChanged, workDayChanged } from '../test-support/fixture-events.ts';
import type { ReportingHarness } from '../test-support/reporting-harness.ts';
import { waitForRecomputes } from '../day-figures/recompute-jobs.ts';

let reporting: ReportingHarness;

beforeAll(async () => {
  reporting = await startWithCorrectnessFixture();
});
afterAll(async () => {
  await reporting?.close();
});

const week = 'from=2026-03-23&to=2026-03-29';
const day = (workDate: string, figures: Record<string, unknown>) => expect.objectContaining({ workDate, ...figures });

describe('the attendance and overtime report', () => {
  it('gives each employee’s days with hand-computed figures: overnight shift, DST night, grace, late and early, a correction, absence and leave', async () => {
    const answer = await call<{ items: unknown[]; total: number }>(reporting, adminOf(acme.companyId), 'GET', `/api/reports/attendance-overtime?${week}`);
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(7);
    expect(answer.body.items).toEqual([
      day('2026-03-23', {
        employeeName: 'Ana Alves',
        mark: 'present',
        scheduledHours: 7,
        workedHours: 7.75,
        breakMinutes: 60,
        lateMinutes: 0,
        earlyDepartureMinutes: 0,
        overtimeHours: 0.5,
        timeIn: '2026-03-23T08:55:00.000Z',
      }),
      day('2026-03-24', { mark: 'present', workedHours: 7.17, lateMinutes: 20, earlyDepartureMinutes: 30, overtimeHours: 0 }),
      day('2026-03-25', {
        mark: 'present',
        workedHours: 7.93,
        lateMinutes: 0,
        earlyDepartureMinutes: 0,
        overtimeHours: 0,
        timeIn: '2026-03-25T09:04:00.000Z',
        correctionReason: 'Kiosk was down',
      }),
      day('2026-03-26', { mark: 'absent', scheduledHours: 7, workedHours: 0, timeIn: null }),
      day('2026-03-27', { mark: 'leave', scheduledHours: 7, workedHours: 0 }),
      day('2026-03-23', { employeeName: 'Bruno Barros', mark: 'present', scheduledHours: 8, workedHours: 8.33, lateMinutes: 10, overtimeHours: 0.5 }),
      day('2026-03-28', { mark: 'present', scheduledHours: 7, workedHours: 7, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeHours: 0 }),
    ]);
  });

  it('totals the whole period whatever the page, and pages the rows', async () => {
    const answer = await call<{ items: Array<{ workDate: string }>; total: number; totals: unknown }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      `/api/reports/attendance-overtime?${week}&page=2&pageSize=5`,
    );
    expect(answer.body.items.map((row) => row.workDate)).toEqual(['2026-03-23', '2026-03-28']);
    expect(answer.body.total).toBe(7);
    expect(answer.body.totals).toEqual({
      daysWorked: 5,
      absences: 1,
      leaveDays: 1,
      lateArrivals: 2,
      earlyDepartures: 1,
      scheduledHours: 50,
      workedHours: 38.18,
      breakMinutes: 60,
      lateMinutes: 30,
      earlyDepartureMinutes: 30,
      overtimeHours: 1,
    });
  });

  it('computes the other company in its own zone and by its own rules', async () => {
    const answer = await call<{ items: unknown[]; totals: unknown }>(reporting, adminOf(globex.companyId), 'GET', `/api/reports/attendance-overtime?${week}`);
    expect(answer.body.items).toEqual([
      day('2026-03-23', { employeeName: 'Carla Costa', mark: 'present', workedHours: 7.97, lateMinutes: 2, overtimeHours: 0 }),
      day('2026-03-24', { mark: 'leave' }),
      day('2026-03-25', { mark: 'leave' }),
      day('2026-03-26', { mark: 'present', workedHours: 9.25, lateMinutes: 0, overtimeHours: 0.75, scheduledHours: 7 }),
      day('2026-03-27', { mark: 'absent' }),
    ]);
  });

  it('keeps each Admin to their company, lets a SuperAdmin see all, and filters by company, department and employee', async () => {
    const everyone = await call<{ total: number }>(reporting, superAdmin, 'GET', `/api/reports/attendance-overtime?${week}`);
    expect(everyone.body.total).toBe(12);
    const intruder = await call<{ total: number }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      `/api/reports/attendance-overtime?${week}&companyId=${globex.companyId}`,
    );
    expect(intruder).toMatchObject({ status: 200, body: { total: 0, items: [] } });
    const oneEmployee = await call<{ total: number }>(reporting, superAdmin, 'GET', `/api/reports/attendance-overtime?${week}&employeeId=${bruno.employeeId}`);
    expect(oneEmployee.body.total).toBe(2);
    const oneDepartment = await call<{ total: number }>(
      reporting,
      superAdmin,
      'GET',
      `/api/reports/attendance-overtime?${week}&departmentId=${globex.departmentId}`,
    );
    expect(oneDepartment.body.total).toBe(5);
  });

  it('refuses a reversed or overlong period with its message', async () => {
    expect(await call(reporting, superAdmin, 'GET', '/api/reports/attendance-overtime?from=2026-03-29&to=2026-03-23')).toMatchObject({
      status: 400,
      body: { detail: 'The period must end on or after its start', messageKey: 'reportPeriodReversed' },
    });
    expect(await call(reporting, superAdmin, 'GET', '/api/reports/attendance-overtime?from=2025-01-01&to=2026-03-23')).toMatchObject({
      status: 400,
      body: { detail: 'A report covers at most 366 days', messageKey: 'reportPeriodTooLong' },
    });
  });
});

describe('the consolidated overtime report', () => {
  it('sums each employee’s period, and the period’s totals', async () => {
    const answer = await call<{ items: unknown[]; totals: unknown; total: number }>(reporting, superAdmin, 'GET', `/api/reports/consolidated-overtime?${week}`);
    expect(answer.body.total).toBe(3);
    expect(answer.body.items).toEqual([
      expect.objectContaining({
        employeeName: 'Ana Alves',
        daysWorked: 3,
        absences: 1,
        leaveDays: 1,
        lateArrivals: 1,
        earlyDepartures: 1,
        scheduledHours: 35,
        workedHours: 22.85,
        overtimeHours: 0.5,
        lateMinutes: 20,
      }),
      expect.objectContaining({
        employeeName: 'Bruno Barros',
        daysWorked: 2,
        absences: 0,
        leaveDays: 0,
        lateArrivals: 1,
        scheduledHours: 15,
        workedHours: 15.33,
        overtimeHours: 0.5,
      }),
      expect.objectContaining({
        employeeName: 'Carla Costa',
        daysWorked: 2,
        absences: 1,
        leaveDays: 2,
        lateArrivals: 1,
        scheduledHours: 35,
        workedHours: 17.22,
        overtimeHours: 0.75,
        lateMinutes: 2,
      }),
    ]);
    expect(answer.body.totals).toMatchObject({ daysWorked: 7, absences: 2, leaveDays: 3, lateArrivals: 3, workedHours: 55.4, overtimeHours: 1.75 });
  });
});

describe('the admin dashboard', () => {
  it('counts employees, shows who is in or not in yet now, pending leave, recent attendances and the 30-day series', async () => {
    const answer = await call<AdminDashboard>(reporting, superAdmin, 'GET', '/api/dashboard/admin');
    expect(answer.status).toBe(200);
    const board = answer.body;
    expect(board.employees).toMatchObject({ active: 3, archived: 0 });
    expect(board.employees.byCompany).toEqual(
      expect.arrayContaining([
        { companyId: acme.companyId, companyName: 'Acme', active: 2, archived: 0 },
        { companyId: globex.companyId, companyName: 'Globex', active: 1, archived: 0 },
      ]),
    );
    expect(board.newestEmployees.map((employee) => employee.employeeName)).toEqual(['Carla Costa', 'Bruno Barros', 'Ana Alves']);
    // 12:00 UTC: Ana's 09:00–17:00 (08:00–16:00 UTC) shift started without her: not in yet; Carla clocked in; Bruno's night shift has not started.
    expect(board.presence.notIn.items.map((entry) => entry.employeeName)).toEqual(['Ana Alves']);
    expect(board.presence.working).toEqual({
      count: 1,
      items: [expect.objectContaining({ employeeName: 'Carla Costa', since: '2026-03-30T12:55:00.000Z', workDate: '2026-03-30' })],
    });
    expect([board.presence.onBreak.count, board.presence.gone.count, board.presence.notIn.count, board.presence.absent.count]).toEqual([0, 0, 1, 0]);
    expect(board.lateToday).toEqual({ count: 0, items: [] });
    expect(board.recentAttendances[0]).toMatchObject({ employeeName: 'Carla Costa', workDate: '2026-03-30', state: 'working' });
    expect(board.pendingLeaves).toEqual([expect.objectContaining({ employeeName: 'Carla Costa', from: '2026-03-27', to: '2026-03-27', workingDays: 1 })]);
    expect(board.series).toHaveLength(30);
    expect(board.series.at(-1)?.date).toBe('2026-03-30');
    expect(board.series.find((point) => point.date === '2026-03-23')).toEqual({ date: '2026-03-23', present: 3, absent: 0, leave: 0, late: 2 });
    expect(board.series.find((point) => point.date === '2026-03-27')).toEqual({ date: '2026-03-27', present: 0, absent: 1, leave: 1, late: 0 });
  });

  it('shows an Admin only their company', async () => {
    const board = (await call<AdminDashboard>(reporting, adminOf(globex.companyId), 'GET', '/api/dashboard/admin')).body;
    expect(board.employees).toMatchObject({ active: 1, byCompany: [{ companyId: globex.companyId }] });
    expect(board.presence.notIn).toEqual({ count: 0, items: [] });
    expect(board.newestEmployees.map((employee) => employee.employeeName)).toEqual(['Carla Costa']);
  });
});

describe('the personal dashboard', () => {
  it('shows the employee’s day, previous attendances, schedule, leave and hours', async () => {
    const board = (await call<PersonalDashboard>(reporting, employeePrincipal(acme.companyId, ana.employeeId), 'GET', '/api/dashboard/me')).body;
    expect(board.today).toEqual({
      workDate: '2026-03-30',
      status: 'not-in',
      timeIn: null,
      timeOut: null,
      shiftStart: '2026-03-30T08:00:00.000Z',
      shiftEnd: '2026-03-30T16:00:00.000Z',
    });
    expect(board.previousAttendances.slice(0, 5).map((row) => [row.workDate, row.mark])).toEqual([
      ['2026-03-27', 'leave'],
      ['2026-03-26', 'absent'],
      ['2026-03-25', 'present'],
      ['2026-03-24', 'present'],
      ['2026-03-23', 'present'],
    ]);
    expect(board.schedule).toMatchObject({ startTime: '09:00:00.000Z', restDays: ['saturday', 'sunday'], fromDate: '2026-03-23' });
    expect(board.leaves.map((leave) => leave.status)).toEqual(['approved', 'declined']);
    expect(board.week).toEqual({ workedHours: 0, overtimeHours: 0, daysWorked: 0, absences: 0, leaveDays: 0 });
    // March before the 23rd: her former schedule's 15 weekdays, none clocked.
    expect(board.month).toEqual({ workedHours: 22.85, overtimeHours: 0.5, daysWorked: 3, absences: 16, leaveDays: 1 });
  });

  it('shows a night shift still running after midnight as today’s', async () => {
    reporting.clock.set('2026-03-29T02:00:00Z');
    try {
      // Nina works every night; at 02:00 she is still in from Saturday 22:00.
      const nina = { employeeId: randomUUID(), companyId: acme.companyId };
      await reporting.bus.publish([
        employeeCreated(acme, { ...nina, firstName: 'Nina', lastName: 'Night' }),
        scheduleEvent('Assigned', nina, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, restDays: [], fromDate: '2026-03-23' }),
        workDayChanged(nina, '2026-03-28', { timeIn: '2026-03-28T22:00:00Z' }),
      ]);
      const board = (await call<PersonalDashboard>(reporting, employeePrincipal(acme.companyId, nina.employeeId), 'GET', '/api/dashboard/me')).body;
      expect(board.today).toMatchObject({ workDate: '2026-03-28', status: 'working', timeIn: '2026-03-28T22:00:00.000Z' });
    } finally {
      reporting.clock.set('2026-03-30T12:00:00Z');
    }
  });

  it('says "not in yet" before the shift ends and "absent" after it, as the admin dashboard and the reports count the day', async () => {
    const at = async (instant: string) => {
      reporting.clock.set(instant);
      const mine = (await call<PersonalDashboard>(reporting, employeePrincipal(acme.companyId, ana.employeeId), 'GET', '/api/dashboard/me')).body;
      const admin = (await call<AdminDashboard>(reporting, adminOf(acme.companyId), 'GET', '/api/dashboard/admin')).body;
      const report = await call<{ items: Array<{ workDate: string; mark: string }> }>(
        reporting,
        adminOf(acme.companyId),
        'GET',
        `/api/reports/attendance-overtime?from=2026-03-30&to=2026-03-30&employeeId=${ana.employeeId}`,
      );
      const listed = (list: { items: Array<{ employeeName: string }> }) => list.items.some((entry) => entry.employeeName === 'Ana Alves');
      return {
        mine: mine.today?.status,
        notIn: listed(admin.presence.notIn),
        absent: listed(admin.presence.absent),
        reported: report.body.items.map((row) => row.mark),
        seriesAbsent: admin.series.at(-1)?.absent,
      };
    };
    try {
      // Her shift is 08:00–16:00 UTC (09:00–17:00 in Lisbon).
      expect(await at('2026-03-30T15:59:00Z')).toEqual({ mine: 'not-in', notIn: true, absent: false, reported: [], seriesAbsent: 0 });
      expect(await at('2026-03-30T21:30:00Z')).toEqual({ mine: 'absent', notIn: false, absent: true, reported: ['absent'], seriesAbsent: 1 });
    } finally {
      reporting.clock.set('2026-03-30T12:00:00Z');
    }
  });

  it('is empty for an account linked to no employee', async () => {
    const board = (await call<PersonalDashboard>(reporting, employeePrincipal(acme.companyId, null), 'GET', '/api/dashboard/me')).body;
    expect(board).toMatchObject({ employeeId: null, today: null, previousAttendances: [], leaves: [] });
  });
});

describe('the read models', () => {
  it('apply each event once: a redelivered clock-in does not undo the admin’s later correction', async () => {
    await reporting.bus.publish([firstClockIn]);
    const answer = await call<{ items: Array<{ timeIn: string }> }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      `/api/reports/attendance-overtime?from=2026-03-25&to=2026-03-25&employeeId=${ana.employeeId}`,
    );
    expect(answer.body.items).toEqual([expect.objectContaining({ timeIn: '2026-03-25T09:04:00.000Z' })]);
  });

  it('recompute the reports when a company changes its rules', async () => {
    await reporting.bus.publish([settingsChanged(acme, 'Europe/Lisbon', { lateGraceMinutes: 0, overtimeBeforeShift: true, overtimeMinimumMinutes: 0 })]);
    // The company's days are recomputed in the background, after the settings event committed.
    await waitForRecomputes(reporting.pool);
    const answer = await call<{ items: Array<{ workDate: string; lateMinutes: number; overtimeHours: number }> }>(
      reporting,
      adminOf(acme.companyId),
      'GET',
      `/api/reports/attendance-overtime?${week}&employeeId=${ana.employeeId}`,
    );
    // Wednesday's 09:04 is now 4 minutes late; Monday's 5 minutes before the shift and 40 after are 45 minutes of overtime.
    expect(answer.body.items.find((row) => row.workDate === '2026-03-25')).toMatchObject({ lateMinutes: 4 });
    expect(answer.body.items.find((row) => row.workDate === '2026-03-23')).toMatchObject({ overtimeHours: 0.75 });
  });

  it('keep whether a day was recorded offline, for the report row: false for an event from before attendance said it', async () => {
    const erin = { employeeId: randomUUID(), companyId: globex.companyId };
    const times = (workDate: string) => ({ timeIn: `${workDate}T13:00:00Z`, timeOut: `${workDate}T21:00:00Z` });
    await reporting.bus.publish([
      employeeCreated(globex, { ...erin, firstName: 'Erin', lastName: 'Esteves' }),
      scheduleEvent('Assigned', erin, { fromDate: '2026-03-23' }),
      workDayChanged(erin, '2026-03-23', times('2026-03-23'), { recordedOffline: true }),
      workDayChanged(erin, '2026-03-24', times('2026-03-24')),
    ]);
    const offlineDays = async () =>
      (
        await call<{ items: Array<{ workDate: string; recordedOffline: boolean }> }>(
          reporting,
          adminOf(globex.companyId),
          'GET',
          `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-24&employeeId=${erin.employeeId}`,
        )
      ).body.items.map((row) => `${row.workDate} ${row.recordedOffline}`);
    expect(await offlineDays()).toEqual(['2026-03-23 true', '2026-03-24 false']);
    // An admin corrected the offline time: attendance says the day no longer rests on the kiosk's clock.
    await reporting.bus.publish([
      workDayChanged(erin, '2026-03-23', times('2026-03-23'), { change: 'AttendanceAmended', reason: 'Badge log', recordedOffline: false }),
    ]);
    expect(await offlineDays()).toEqual(['2026-03-23 false', '2026-03-24 false']);
  });

  it('forget a deleted work day and a withdrawn leave: the day counts as an absence again', async () => {
    const dana = { employeeId: randomUUID(), companyId: globex.companyId };
    const leave = { leaveId: randomUUID(), leaveTypeId: annual, from: '2026-03-24', to: '2026-03-24', workingDays: 1 };
    await reporting.bus.publish([
      employeeCreated(globex, { ...dana, firstName: 'Dana', lastName: 'Dias' }),
      scheduleEvent('Assigned', dana, { fromDate: '2026-03-23' }),
      workDayChanged(dana, '2026-03-23', { timeIn: '2026-03-23T13:00:00Z', timeOut: '2026-03-23T21:00:00Z' }),
      leaveEvent('Requested', dana, leave),
    ]);
    const marks = async () =>
      (
        await call<{ items: Array<{ workDate: string; mark: string }> }>(
          reporting,
          superAdmin,
          'GET',
          `/api/reports/attendance-overtime?from=2026-03-23&to=2026-03-24&employeeId=${dana.employeeId}`,
        )
      ).body.items.map((row) => `${row.workDate} ${row.mark}`);
    expect(await marks()).toEqual(['2026-03-23 present', '2026-03-24 absent']);
    await reporting.bus.publish([leaveEvent('Approved', dana, leave)]);
    expect(await marks()).toEqual(['2026-03-23 present', '2026-03-24 leave']);
    const deleted = workDayChanged(dana, '2026-03-23', { timeIn: '2026-03-23T13:00:00Z' }, { change: 'AttendanceDeleted', reason: 'Recorded twice' });
    await reporting.bus.publish([{ ...deleted, payload: { ...deleted.payload, state: 'deleted', timeIn: null } }, leaveEvent('Withdrawn', dana, leave)]);
    expect(await marks()).toEqual(['2026-03-23 absent', '2026-03-24 absent']);
  });
});

describe('days clocked after the shift ended (issue 30)', () => {
  it('count as overtime only the time worked after the shift, in the day rows, the totals and the consolidated report', async () => {
    await reporting.bus.publish(arrivalsAfterShiftEvents());
    const period = `from=2026-03-23&to=2026-03-26&employeeId=${olga.employeeId}`;
    const answer = await call<{ items: unknown[]; totals: unknown }>(
      reporting,
      adminOf(initech.companyId),
      'GET',
      `/api/reports/attendance-overtime?${period}`,
    );
    expect(answer.body.items).toEqual([
      day('2026-03-23', { employeeName: 'Olga Ortiz', mark: 'present', workedHours: 0, lateMinutes: 480, earlyDepartureMinutes: 0, overtimeHours: 0 }),
      day('2026-03-24', { mark: 'present', workedHours: 0.67, lateMinutes: 480, earlyDepartureMinutes: 0, overtimeHours: 0.67 }),
      day('2026-03-25', { mark: 'present', workedHours: 10, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeHours: 1 }),
      day('2026-03-26', { mark: 'present', workedHours: 8, lateMinutes: 180, earlyDepartureMinutes: 0, overtimeHours: 3 }),
    ]);
    expect(answer.body.totals).toMatchObject({ daysWorked: 4, workedHours: 18.67, lateMinutes: 1140, overtimeHours: 4.67 });
    const consolidated = await call<{ items: unknown[] }>(reporting, adminOf(initech.companyId), 'GET', `/api/reports/consolidated-overtime?${period}`);
    expect(consolidated.body.items).toEqual([expect.objectContaining({ employeeName: 'Olga Ortiz', daysWorked: 4, workedHours: 18.67, overtimeHours: 4.67 })]);
  });

  it('are recounted from what the old rule stored when the issue-30 migration runs', async () => {
    const tuesday = async () =>
      (
        await call<{ items: Array<{ overtimeHours: number }> }>(
          reporting,
          adminOf(initech.companyId),
          'GET',
          `/api/reports/attendance-overtime?from=2026-03-24&to=2026-03-24&employeeId=${olga.employeeId}`,
        )
      ).body.items[0];
    // The previous test's events may still have a background recompute running: it would overwrite the old rule's figure.
    await waitForRecomputes(reporting.pool);
    await reporting.pool.query(`UPDATE day_figures SET overtime_minutes = 361 WHERE employee_id = $1 AND work_date = '2026-03-24'`, [olga.employeeId]);
    expect(await tuesday()).toMatchObject({ overtimeHours: 6.02 });
    const migration = await readFile(new URL('../../migrations/0008_recount_outside_the_shift.sql', import.meta.url), 'utf8');
    await reporting.pool.query(migration.slice(0, migration.indexOf('-- Down Migration')));
    await waitForRecomputes(reporting.pool);
    expect(await tuesday()).toMatchObject({ overtimeHours: 0.67 });
  });
});
