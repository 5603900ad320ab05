import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_TICKET_SECRET, signTicket, startAttendance, type AttendanceHarness } from '@ams/attendance/testing';
import { createInProcessBus } from '@ams/bus';
import { reportSheetTexts, type Attendance, type ReportExport } from '@ams/contracts';
import { anonymous, superAdmin } from '@ams/contracts/testing';
import { readWorkbook } from '@ams/spreadsheet/testing';
import {
  acme,
  ana,
  bruno,
  carla,
  correctnessEvents,
  employeeCreated,
  globex,
  scheduleEvent,
  settingsChanged,
  startReporting,
  waitForRecomputes,
  type ReportingHarness,
} from '@ams/reporting/testing';
import { asCaller, call } from '@ams/service-kit/testing';

/*
 * Issue 18 "Correctness": the reports must equal what the attendance read model says for the same days. Both
 * services run on one bus with the correctness fixture's organisation; the work days are recorded through
 * attendance's API (so reporting hears them as attendance.WorkDayChanged), and every employee-day is compared.
 */

let attendance: AttendanceHarness;
let reporting: ReportingHarness;
const bus = createInProcessBus();

const period = { from: '2026-03-23', to: '2026-03-30' };
type Times = { timeIn: string; timeOut: string | null; breakIn?: string; breakOut?: string };
const days: Array<[{ employeeId: string }, string, Times]> = [
  [ana, '2026-03-23', { timeIn: '2026-03-23T08:55:00Z', breakIn: '2026-03-23T12:00:00Z', breakOut: '2026-03-23T13:00:00Z', timeOut: '2026-03-23T17:40:00Z' }],
  [ana, '2026-03-24', { timeIn: '2026-03-24T09:20:00Z', timeOut: '2026-03-24T16:30:00Z' }],
  [ana, '2026-03-25', { timeIn: '2026-03-25T09:30:00Z', timeOut: '2026-03-25T17:00:00Z' }],
  [bruno, '2026-03-23', { timeIn: '2026-03-23T22:10:00Z', timeOut: '2026-03-24T06:30:00Z' }],
  [bruno, '2026-03-28', { timeIn: '2026-03-28T22:00:00Z', timeOut: '2026-03-29T05:00:00Z' }],
  [carla, '2026-03-23', { timeIn: '2026-03-23T13:02:00Z', timeOut: '2026-03-23T21:00:00Z' }],
  [carla, '2026-03-26', { timeIn: '2026-03-26T12:30:00Z', timeOut: '2026-03-26T21:45:00Z' }],
  [carla, '2026-03-30', { timeIn: '2026-03-30T12:55:00Z', timeOut: null }],
];

/** One employee-day's figures as a side counts them. */
interface Figures {
  workedHours: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  overtimeMinutes: number;
  overtimeHours: number;
}

const key = (employee: { employeeId: string }, workDate: string) => `${employee.employeeId} ${workDate}`;

async function settled(): Promise<void> {
  // Publishing on the in-process bus resolves once reporting handled the events.
  while ((await attendance.ctx.relay.runOnce()) > 0);
  await waitForRecomputes(reporting.pool);
}

/**
 * The attendance list (reporting answers it from the days it counts), by employee and date; the list shows no
 * early-departure or overtime minutes, so those are the stored minutes of its days.
 */
async function attendanceFigures(dates = period): Promise<Map<string, Figures>> {
  const answer = await call<{ items: Attendance[] }>(reporting, superAdmin, 'GET', `/api/attendance?from=${dates.from}&to=${dates.to}&pageSize=100`);
  expect(answer.status, answer.raw).toBe(200);
  const { rows } = await reporting.pool.query<{ key: string; earlyDepartureMinutes: number; overtimeMinutes: number }>(
    `SELECT employee_id || ' ' || to_char(work_date, 'YYYY-MM-DD') AS key, early_departure_minutes AS "earlyDepartureMinutes", overtime_minutes AS "overtimeMinutes"
     FROM day_figures WHERE kind = 'present'`,
  );
  const minutes = new Map(rows.map(({ key, ...stored }) => [key, stored]));
  return new Map(
    answer.body.items.map((day) => {
      const stored = minutes.get(key(day, day.workDate));
      return [
        key(day, day.workDate),
        {
          workedHours: day.totalHours ?? 0,
          lateMinutes: day.lateMinutes,
          earlyDepartureMinutes: stored?.earlyDepartureMinutes ?? -1,
          overtimeMinutes: stored?.overtimeMinutes ?? -1,
          overtimeHours: day.overtimeHours,
        },
      ];
    }),
  );
}

/** Reporting's attendance-overtime report (its present days) and its stored minutes, by employee and date. */
async function reportedFigures(dates = period): Promise<Map<string, Figures>> {
  const answer = await call<{ items: Array<Figures & { employeeId: string; workDate: string; mark: string }> }>(
    reporting,
    superAdmin,
    'GET',
    `/api/reports/attendance-overtime?from=${dates.from}&to=${dates.to}&pageSize=100`,
  );
  expect(answer.status, answer.raw).toBe(200);
  const { rows } = await reporting.pool.query<{ key: string; overtimeMinutes: number }>(
    `SELECT employee_id || ' ' || to_char(work_date, 'YYYY-MM-DD') AS key, overtime_minutes AS "overtimeMinutes" FROM day_figures WHERE kind = 'present'`,
  );
  const minutes = new Map(rows.map((row) => [row.key, row.overtimeMinutes]));
  return new Map(
    answer.body.items
      .filter((row) => row.mark === 'present')
      .map((row) => {
        const day = key(row, row.workDate);
        const { workedHours, lateMinutes, earlyDepartureMinutes, overtimeHours } = row;
        return [day, { workedHours, lateMinutes, earlyDepartureMinutes, overtimeMinutes: minutes.get(day) ?? -1, overtimeHours }];
      }),
  );
}

/** The figures a workbook row and attendance's read model both give (the workbook has overtime in hours only). */
type SheetFigures = Pick<Figures, 'workedHours' | 'lateMinutes' | 'earlyDepartureMinutes' | 'overtimeHours'>;

const sheetFiguresOf = (figures: Map<string, Figures>) =>
  Object.fromEntries(
    [...figures].map(([day, { workedHours, lateMinutes, earlyDepartureMinutes, overtimeHours }]) => [
      day,
      { workedHours, lateMinutes, earlyDepartureMinutes, overtimeHours },
    ]),
  );

const fixtureEmployees = { 'Ana Alves': ana, 'Bruno Barros': bruno, 'Carla Costa': carla };

/** The present days of reporting's exported attendance-overtime workbook, by employee and date, read by their English headings. */
async function exportedFigures(employees: Record<string, { employeeId: string }>): Promise<Map<string, SheetFigures>> {
  const started = await call<ReportExport>(reporting, superAdmin, 'POST', '/api/report-exports', {
    report: 'attendance-overtime',
    query: period,
    language: 'en',
  });
  expect(started.status, started.raw).toBe(201);
  let progress = started.body;
  for (let attempt = 0; progress.status === 'running' && attempt < 400; attempt += 1) {
    await sleep(25);
    progress = (await call<ReportExport>(reporting, superAdmin, 'GET', `/api/report-exports/${progress.id}`)).body;
  }
  expect(progress.status).toBe('done');
  const file = await reporting.app.inject({ method: 'GET', url: `/api/report-exports/${progress.id}/file`, headers: asCaller(superAdmin) });
  expect(file.statusCode).toBe(200);
  const [sheet] = await readWorkbook(file.rawPayload);
  const [headings = [], ...rows] = sheet?.rows ?? [];
  const { headings: names, marks } = reportSheetTexts.en;
  const cell = (row: unknown[], heading: keyof typeof names) => row[headings.indexOf(names[heading])];
  const figures = new Map<string, SheetFigures>();
  for (const row of rows.filter((row) => cell(row, 'mark') === marks.present)) {
    const employee = employees[String(cell(row, 'employee'))];
    if (!employee) throw new Error(`an employee the fixture does not have: ${String(cell(row, 'employee'))}`);
    const workDate = (cell(row, 'workDate') as Date).toISOString().slice(0, 10);
    figures.set(key(employee, workDate), {
      workedHours: cell(row, 'workedHours') as number,
      lateMinutes: cell(row, 'lateMinutes') as number,
      earlyDepartureMinutes: cell(row, 'earlyDepartureMinutes') as number,
      overtimeHours: cell(row, 'overtimeHours') as number,
    });
  }
  return figures;
}

beforeAll(async () => {
  attendance = await startAttendance({ bus });
  reporting = await startReporting({ bus, startAt: '2026-03-30T14:00:00Z' });
  attendance.clock.set('2026-03-30T14:00:00Z');
  // The organisation, its settings, schedules and leave: both services hear them. Its work days come from attendance.
  await bus.publish(correctnessEvents().filter((event) => !event.type.startsWith('attendance.')));
  const recorded = new Map<string, Attendance>();
  for (const [employee, workDate, times] of days) {
    const answer = await call<Attendance>(attendance, superAdmin, 'POST', '/api/attendance', {
      employeeId: employee.employeeId,
      workDate,
      reason: 'Kiosk was down',
      ...times,
    });
    expect(answer.status, answer.raw).toBe(201);
    recorded.set(key(employee, workDate), answer.body);
  }
  // Wednesday's day is corrected to 09:04, within Acme's grace.
  const amended = await call(attendance, superAdmin, 'PATCH', `/api/attendance/${recorded.get(key(ana, '2026-03-25'))?.id ?? ''}`, {
    timeIn: '2026-03-25T09:04:00Z',
    timeOut: '2026-03-25T17:00:00Z',
    reason: 'Badge log shows 09:04',
  });
  expect(amended.status, amended.raw).toBe(200);
  await settled();
});

afterAll(async () => {
  await attendance?.ctx.relay.stop();
  await attendance?.close();
  await reporting?.close();
  await bus.close();
});

describe('the reports and the attendance read model', () => {
  it('count every employee-day of the fixture alike: worked, late, early departure and overtime', async () => {
    const [kept, reported] = [await attendanceFigures(), await reportedFigures()];
    expect([...kept.keys()].sort()).toEqual(days.map(([employee, workDate]) => key(employee, workDate)).sort());
    expect(Object.fromEntries(reported)).toEqual(Object.fromEntries(kept));
    // The hand-computed figures (see the fixture): grace, blocks, the overnight shift, the DST night, the other zone.
    expect(kept.get(key(ana, '2026-03-23'))).toEqual({ workedHours: 7.75, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 30, overtimeHours: 0.5 });
    expect(kept.get(key(ana, '2026-03-24'))).toMatchObject({ lateMinutes: 20, earlyDepartureMinutes: 30, overtimeMinutes: 0 });
    expect(kept.get(key(ana, '2026-03-25'))).toMatchObject({ lateMinutes: 0, workedHours: 7.93 });
    expect(kept.get(key(bruno, '2026-03-23'))).toMatchObject({ lateMinutes: 10, overtimeMinutes: 30, workedHours: 8.33 });
    expect(kept.get(key(bruno, '2026-03-28'))).toMatchObject({ workedHours: 7, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 });
    expect(kept.get(key(carla, '2026-03-26'))).toMatchObject({ overtimeMinutes: 45, workedHours: 9.25 });
  });

  it('agree through the exported workbook too: each present day of the fixture carries attendance’s worked, late, early and overtime figures', async () => {
    const kept = await attendanceFigures();
    const exported = await exportedFigures(fixtureEmployees);
    expect([...exported.keys()].sort()).toEqual([...kept.keys()].sort());
    expect(Object.fromEntries(exported)).toEqual(sheetFiguresOf(kept));
    // A hand-computed day, so that agreement cannot come from two empty sides.
    expect(exported.get(key(bruno, '2026-03-23'))).toEqual({ workedHours: 8.33, lateMinutes: 10, earlyDepartureMinutes: 0, overtimeHours: 0.5 });
  });

  it('still agree after a company changes its rules, once both have recomputed in the background', async () => {
    await bus.publish([settingsChanged(acme, 'Europe/Lisbon', { lateGraceMinutes: 0, overtimeBeforeShift: true, overtimeMinimumMinutes: 0 })]);
    await settled();
    const [kept, reported] = [await attendanceFigures(), await reportedFigures()];
    expect(Object.fromEntries(reported)).toEqual(Object.fromEntries(kept));
    expect(Object.fromEntries(await exportedFigures(fixtureEmployees))).toEqual(sheetFiguresOf(kept));
    // Wednesday's 09:04 is now 4 minutes late; Monday's 5 minutes before the shift and 40 after are 45 minutes of overtime.
    expect(kept.get(key(ana, '2026-03-25'))).toMatchObject({ lateMinutes: 4 });
    expect(kept.get(key(ana, '2026-03-23'))).toMatchObject({ overtimeMinutes: 45, overtimeHours: 0.75 });
    // Globex kept its rules.
    expect(kept.get(key(carla, '2026-03-26'))).toMatchObject({ overtimeMinutes: 45 });
  });

  it('count a day whose schedule changed between its check-in and check-out against the shift it was clocked in on, as attendance does', async () => {
    const dora = { employeeId: randomUUID(), companyId: globex.companyId };
    const firstSchedule = scheduleEvent('Assigned', dora, { fromDate: '2026-03-23' });
    await bus.publish([employeeCreated(globex, { ...dora, firstName: 'Dora', lastName: 'Dias' }), firstSchedule]);
    const punch = async (at: string, action: 'check-in' | 'check-out') => {
      attendance.clock.set(at);
      const now = Date.parse(at);
      const ticket = signTicket(
        {
          ticketId: randomUUID(),
          employeeId: dora.employeeId,
          method: 'pin',
          matchScore: null,
          spoofScore: null,
          kioskId: 'hall',
          deviceId: null,
          clientIp: '198.51.100.7',
          issuedAt: now,
          expiresAt: now + 60_000,
        },
        CLOCK_TICKET_SECRET,
      );
      const answer = await call(attendance, anonymous, 'POST', '/api/clock/punch', { ticket, action, commandId: randomUUID() });
      expect(answer.status, answer.raw).toBe(200);
    };
    // Tuesday 31 March in New York: in at 09:10 against 09:00–17:00 (7 paid hours)...
    await punch('2026-03-31T13:10:00Z', 'check-in');
    // ...then the schedule becomes 10:00–19:00 (8 paid hours) from that day on...
    await bus.publish([
      scheduleEvent('Assigned', dora, {
        scheduleId: firstSchedule.payload.scheduleId,
        startTime: '10:00:00.000Z',
        offTime: '19:00:00.000Z',
        totalHours: 8,
        fromDate: '2026-03-23',
      }),
    ]);
    // ...and out at 17:30: 10 minutes late and 30 of overtime by the shift clocked in on (by the new one: 90 minutes early, no lateness).
    await punch('2026-03-31T21:30:00Z', 'check-out');
    await settled();

    const day = key(dora, '2026-03-31');
    const kept = (await attendanceFigures({ from: '2026-03-31', to: '2026-03-31' })).get(day);
    expect(kept).toEqual({ workedHours: 8.33, lateMinutes: 10, earlyDepartureMinutes: 0, overtimeMinutes: 30, overtimeHours: 0.5 });
    expect((await reportedFigures({ from: '2026-03-31', to: '2026-03-31' })).get(day)).toEqual(kept);
    // Scheduled hours: the 7 of the shift attendance fixed at the check-in (its WorkDayChanged carries them), not the new schedule's 8.
    const report = await call<{ items: Array<{ scheduledHours: number }> }>(
      reporting,
      superAdmin,
      'GET',
      `/api/reports/attendance-overtime?from=2026-03-31&to=2026-03-31&employeeId=${dora.employeeId}`,
    );
    expect(report.body.items.map((row) => row.scheduledHours)).toEqual([7]);
  });
});
