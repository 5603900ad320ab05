import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { XLSX_MEDIA_TYPE, type Principal } from '@ams/contracts';
import { adminOf, superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { readWorkbook } from '@ams/spreadsheet/testing';
import type { AttendanceContext } from '../context.ts';
import { announceEmployee, announceSchedule, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { waitForReadModels } from './projection.ts';
import { attendanceDayBatches } from './read-model-repository.ts';
import { recordDayAs, startedInLisbon } from './read-models-test-support.ts';

let harness: AttendanceHarness;
let ctx: AttendanceContext;
startedInLisbon((started, context) => {
  harness = started;
  ctx = context;
});

const lisbonCo = randomUUID();
const tokyoCo = randomUUID();
let ana: TestEmployee;
let rui: TestEmployee;
let kenji: TestEmployee;
let seeded: Promise<void> | undefined;

/** Lisbon (summer time, 24-hour) and Tokyo (12-hour): each day's times on its own company's clock. */
function seed(): Promise<void> {
  seeded ??= (async () => {
    await announceSettings(harness, tokyoCo, { timezone: 'Asia/Tokyo', timeFormat: 2 });
    const worker = async (companyId: string, firstName: string) => {
      const employee = await announceEmployee(harness, {
        companyId,
        departmentId: randomUUID(),
        firstName,
        lastName: 'Export',
        email: `${firstName.toLowerCase()}.export@example.com`,
      });
      await announceSchedule(harness, employee);
      return employee;
    };
    ana = await worker(lisbonCo, 'Ana');
    rui = await worker(lisbonCo, 'Rui');
    kenji = await worker(tokyoCo, 'Kenji');
    await recordDayAs(harness, adminOf(lisbonCo), ana, '2026-07-06', { timeIn: '2026-07-06T08:10:00Z', timeOut: '2026-07-06T16:00:00Z' });
    await recordDayAs(harness, adminOf(lisbonCo), rui, '2026-07-07', {
      timeIn: '2026-07-07T07:55:00Z',
      breakIn: '2026-07-07T11:00:00Z',
      breakOut: '2026-07-07T11:30:00Z',
      timeOut: '2026-07-07T16:00:00Z',
    });
    await recordDayAs(harness, adminOf(tokyoCo), kenji, '2026-07-07', { timeIn: '2026-07-07T00:00:00Z', timeOut: '2026-07-07T08:00:00Z' });
    await waitForReadModels(harness.pool);
  })();
  return seeded;
}

interface Download {
  status: number;
  headers: Record<string, unknown>;
  name: string;
  rows: unknown[][];
  formats: string[][];
}

async function download(principal: Principal, query: string): Promise<Download> {
  await seed();
  const response = await harness.app.inject({ method: 'GET', url: `/api/attendance/export?${query}`, headers: asCaller(principal) });
  if (response.statusCode !== 200) return { status: response.statusCode, headers: response.headers, name: '', rows: [], formats: [] };
  const [sheet] = await readWorkbook(response.rawPayload);
  return { status: response.statusCode, headers: response.headers, name: sheet?.name ?? '', rows: sheet?.rows ?? [], formats: sheet?.formats ?? [] };
}

const wall = (iso: string) => new Date(iso);

describe('the attendance export (.xlsx)', () => {
  it("writes the company's filtered days, newest first, with times on the company's clock and the headings in the chosen language", async () => {
    const answer = await download(adminOf(lisbonCo), `language=en&from=2026-07-01&to=2026-07-31`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe(XLSX_MEDIA_TYPE);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="attendance-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(answer.name).toBe('Attendance');
    expect(answer.rows[0]).toEqual([
      'Employee',
      'Date',
      'Time in',
      'Break in',
      'Break out',
      'Time out',
      'Total hours',
      'Overtime hours',
      'Late minutes',
      'Arrival status',
      'Departure status',
      'Correction reason',
      'Recorded offline',
    ]);
    // Lisbon is UTC+1 in July: 07:55Z reads 08:55 there.
    expect(answer.rows.slice(1).map((row) => row.slice(0, 6))).toEqual([
      [
        'Rui Export',
        wall('2026-07-07T00:00:00Z'),
        wall('2026-07-07T08:55:00Z'),
        wall('2026-07-07T12:00:00Z'),
        wall('2026-07-07T12:30:00Z'),
        wall('2026-07-07T17:00:00Z'),
      ],
      ['Ana Export', wall('2026-07-06T00:00:00Z'), wall('2026-07-06T09:10:00Z'), null, null, wall('2026-07-06T17:00:00Z')],
    ]);
    expect(answer.formats[1]?.slice(1, 7)).toEqual(['mm-dd-yy', 'hh:mm', 'hh:mm', 'hh:mm', 'hh:mm', '0.00']);
  });

  it('applies the list filters and writes Spanish headings and statuses', async () => {
    const answer = await download(adminOf(lisbonCo), `language=es&employeeId=${ana.employeeId}`);
    expect({ name: answer.name, rows: answer.rows.map((row) => [row[0], row[9]]) }).toEqual({
      name: 'Asistencia',
      rows: [
        ['Empleado', 'Estado de llegada'],
        ['Ana Export', expect.stringMatching(/^(A tiempo|Llegada tarde)$/)],
      ],
    });
  });

  it("shows an admin nothing of another company's days, and the SuperAdmin each day on its own company's clock", async () => {
    const lisbonAdmin = await download(adminOf(lisbonCo), `companyId=${tokyoCo}`);
    expect(lisbonAdmin.rows).toHaveLength(1);
    const everyone = await download(superAdmin, `language=en&from=2026-07-07&to=2026-07-07&search=export`);
    // Tokyo is UTC+9: 00:00Z reads 09:00 there.
    expect(everyone.rows.slice(1).map((row) => [row[0], row[2]])).toEqual(
      expect.arrayContaining([
        ['Kenji Export', wall('2026-07-07T09:00:00Z')],
        ['Rui Export', wall('2026-07-07T08:55:00Z')],
      ]),
    );
  });

  it('refuses an unknown language or a bad date with a 400, never a workbook', async () => {
    expect((await download(adminOf(lisbonCo), 'language=fr')).status).toBe(400);
    expect((await download(adminOf(lisbonCo), 'from=yesterday')).status).toBe(400);
  });

  it('reads the days in batches that neither repeat nor skip a day', async () => {
    await seed();
    const batches: string[][] = [];
    for await (const batch of attendanceDayBatches(ctx.pool, { scope: { kind: 'all' }, search: 'export' }, 2))
      batches.push(batch.map((day) => day.employeeName));
    expect(batches.map((batch) => batch.length)).toEqual([2, 1]);
    expect(batches.flat().sort()).toEqual(['Ana Export', 'Kenji Export', 'Rui Export']);
  });
});
