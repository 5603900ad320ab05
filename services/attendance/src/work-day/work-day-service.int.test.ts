import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Attendance } from '@ams/contracts';
import { readStream } from '@ams/event-store';
import { adminOf } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import type { AttendanceContext } from '../context.ts';
import { announceEmployee, announceSchedule, announceSettings, type AttendanceHarness, type TestEmployee } from '../test-support/attendance-harness.ts';
import { startedInLisbon } from '../test-support/work-day-test-support.ts';
import { punch } from './work-day-service.ts';
import { workDayStreamId, type PunchSource } from './work-day.ts';

let harness: AttendanceHarness;
let ctx: AttendanceContext;
const source: PunchSource = {
  method: 'pin',
  actorId: null,
  kioskId: 'door-1',
  clientIp: '10.0.0.9',
  matchScore: null,
  spoofScore: null,
  deviceTime: '2020-01-01T00:00:00.000Z',
};

startedInLisbon((started, context) => {
  harness = started;
  ctx = context;
});

async function dayWorker(): Promise<TestEmployee> {
  const employee = await announceEmployee(harness);
  await announceSchedule(harness, employee);
  return employee;
}

const clockAt = (instant: string) => harness.clock.set(instant);
const act = (employee: TestEmployee, action: 'check-in' | 'break-in' | 'break-out' | 'check-out', commandId: string = randomUUID()) =>
  punch(ctx, { employeeId: employee.employeeId, action, commandId, source });

/** The day as attendance.WorkDayChanged told reporting (which counts and lists it) after the day's `change`. */
async function announcedAfter(employee: TestEmployee, change: string): Promise<object[]> {
  const { rows } = await harness.pool.query<{ payload: object }>(
    `SELECT envelope->'payload' AS payload FROM outbox WHERE envelope->>'type' = 'attendance.WorkDayChanged'
       AND envelope->'payload'->>'employeeId' = $1 AND envelope->'payload'->>'change' = $2`,
    [employee.employeeId, change],
  );
  return rows.map((row) => row.payload);
}

describe('kiosk punches on the work-day stream', () => {
  it('records a whole day at the server’s time, whatever the device says', async () => {
    const employee = await dayWorker();
    clockAt('2026-11-23T08:58:00.000Z');
    expect(await act(employee, 'check-in')).toMatchObject({ message: 'Recorded successfully!', workDate: '2026-11-23', at: '2026-11-23T08:58:00.000Z' });
    clockAt('2026-11-23T12:00:00.000Z');
    await act(employee, 'break-in');
    clockAt('2026-11-23T12:45:00.000Z');
    await act(employee, 'break-out');
    clockAt('2026-11-23T17:20:00.000Z');
    await act(employee, 'check-out');
    expect(await announcedAfter(employee, 'ClockedOut')).toEqual([
      expect.objectContaining({ arrivalStatus: 'on time', departureStatus: 'on time', totalHours: 7.62, overtimeHours: 0.33, state: 'left' }),
    ]);
    const stream = await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-23'));
    expect(stream.events.map((event) => event.type)).toEqual(['ClockedIn', 'BreakStarted', 'BreakEnded', 'ClockedOut']);
    expect(stream.events[0]?.data).toMatchObject({ source: { deviceTime: '2020-01-01T00:00:00.000Z', kioskId: 'door-1', method: 'pin' } });
  });

  it('answers a retried punch with its first outcome and appends nothing more', async () => {
    const employee = await dayWorker();
    clockAt('2026-11-24T09:05:00.000Z');
    const commandId = randomUUID();
    const first = await act(employee, 'check-in', commandId);
    clockAt('2026-11-24T09:06:00.000Z');
    const retry = await act(employee, 'check-in', commandId);
    expect(retry).toMatchObject({ message: 'Recorded successfully!', at: first.at, workDate: '2026-11-24' });
    expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-24'))).version).toBe(1);
    await expect(act(employee, 'check-in')).rejects.toThrow('The employee has already checked in today at 09:05');
  });

  it('lets exactly one of two simultaneous check-ins through', async () => {
    const employee = await dayWorker();
    clockAt('2026-11-25T09:00:00.000Z');
    const outcomes = await Promise.allSettled([act(employee, 'check-in'), act(employee, 'check-in')]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(String(refused?.status === 'rejected' ? refused.reason : '')).toContain('has already checked in today');
    expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-25'))).version).toBe(1);
  });

  it('puts a night shift’s punches after midnight on the day the shift started', async () => {
    const employee = await announceEmployee(harness);
    await announceSchedule(harness, employee, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, restDays: [] });
    clockAt('2026-11-23T21:57:00.000Z');
    expect((await act(employee, 'check-in')).workDate).toBe('2026-11-23');
    clockAt('2026-11-24T02:00:00.000Z');
    expect((await act(employee, 'break-in')).workDate).toBe('2026-11-23');
    clockAt('2026-11-24T02:30:00.000Z');
    await act(employee, 'break-out');
    clockAt('2026-11-24T06:00:00.000Z');
    const out = await act(employee, 'check-out');
    expect(out).toMatchObject({ workDate: '2026-11-23' });
    expect(await announcedAfter(employee, 'ClockedOut')).toEqual([
      expect.objectContaining({ workDate: '2026-11-23', totalHours: 7.55, arrivalStatus: 'on time', departureStatus: 'on time' }),
    ]);
  });

  it('starts a day worker afresh after a day left open: today’s punches go to today, not to yesterday', async () => {
    const employee = await dayWorker();
    clockAt('2026-11-30T09:00:00.000Z');
    await act(employee, 'check-in');
    // No check-out on Monday; Tuesday morning:
    clockAt('2026-12-01T09:00:00.000Z');
    expect((await act(employee, 'check-in')).workDate).toBe('2026-12-01');
    clockAt('2026-12-01T12:00:00.000Z');
    expect((await act(employee, 'break-in')).workDate).toBe('2026-12-01');
    expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-30'))).version).toBe(1);
  });

  it('refuses with the spec messages: no schedule, rest day, nothing to close', async () => {
    const unscheduled = await announceEmployee(harness);
    clockAt('2026-11-23T09:00:00.000Z');
    await expect(act(unscheduled, 'check-in')).rejects.toThrow('No active schedule found for this employee.');
    const employee = await dayWorker();
    clockAt('2026-11-28T10:00:00.000Z');
    await expect(act(employee, 'check-in')).rejects.toThrow('Today is a rest day for this employee.');
    await expect(act(employee, 'check-out')).rejects.toThrow('No attendance data for this employee.');
  });

  it('uses the company’s time zone for the work date', async () => {
    const employee = await dayWorker();
    await announceSettings(harness, employee.companyId, { timezone: 'Asia/Tokyo' });
    // 00:30 on Tuesday the 24th in Tokyo is still Monday the 23rd in UTC; the shift starts 09:00 Tokyo time.
    clockAt('2026-11-23T15:30:00.000Z');
    await expect(act(employee, 'check-in')).resolves.toMatchObject({ workDate: '2026-11-24' });
  });

  it('announces each change to reporting with the day’s whole state', async () => {
    const employee = await dayWorker();
    clockAt('2026-11-26T09:10:00.000Z');
    await act(employee, 'check-in');
    await ctx.relay.flush([]);
    const { rows } = await harness.pool.query<{
      envelope: { type: string; payload: { employeeId: string; status: string; lateMinutes: number; state: string } };
    }>(`SELECT envelope FROM outbox WHERE envelope->>'key' = $1 ORDER BY position`, [employee.employeeId]);
    expect(rows.map((row) => row.envelope.type)).toEqual(['attendance.WorkDayChanged']);
    expect(rows[0]?.envelope.payload).toMatchObject({
      status: 'late arrival',
      arrivalStatus: 'late arrival',
      departureStatus: null,
      lateMinutes: 10,
      state: 'working',
    });
  });
});

describe('admin corrections through the API', () => {
  const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, principal: ReturnType<typeof adminOf>, payload: object) =>
    harness.app.inject({ method, url, headers: asCaller(principal), payload });
  /** An admin records a day of the employee's through the API. */
  const recordFor = (employee: TestEmployee, principal: ReturnType<typeof adminOf>, day: object) =>
    call('POST', '/api/attendance', principal, { employeeId: employee.employeeId, ...day });
  /** A scheduled employee of a company of their own, and that company's Admin. */
  const workerAndAdmin = async () => {
    const employee = await dayWorker();
    return { employee, admin: adminOf(employee.companyId) };
  };

  it('records, amends and deletes a day, each with its reason and the acting admin in the stream', async () => {
    const { employee, admin } = await workerAndAdmin();
    const recorded = await recordFor(employee, admin, {
      workDate: '2026-11-20',
      timeIn: '2026-11-20T09:30:00Z',
      timeOut: '2026-11-20T17:00:00Z',
      reason: 'Kiosk was down',
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
    const day = recorded.json<Attendance>();
    expect(day).toMatchObject({
      arrivalStatus: 'late arrival',
      departureStatus: 'on time',
      lateMinutes: 30,
      totalHours: 7.5,
      reason: 'Kiosk was down',
      state: 'left',
    });
    const amended = await call('PATCH', `/api/attendance/${day.id}`, admin, {
      timeIn: '2026-11-20T09:00:00Z',
      timeOut: '2026-11-20T17:00:00Z',
      reason: 'Badge log shows 09:00',
    });
    expect(amended.json()).toMatchObject({ arrivalStatus: 'on time', departureStatus: 'on time', totalHours: 8, reason: 'Badge log shows 09:00' });
    expect((await call('DELETE', `/api/attendance/${day.id}`, admin, { reason: '' })).json()).toMatchObject({ status: 400, detail: 'Please write the reason' });
    expect((await call('DELETE', `/api/attendance/${day.id}`, admin, { reason: 'Duplicate' })).statusCode).toBe(204);
    const stream = await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-20'));
    expect(stream.events.map((event) => [event.type, (event.data as { actorId: string }).actorId])).toEqual([
      ['AttendanceRecorded', admin.kind === 'user' ? admin.userId : ''],
      ['AttendanceAmended', admin.kind === 'user' ? admin.userId : ''],
      ['AttendanceDeleted', admin.kind === 'user' ? admin.userId : ''],
    ]);
  });

  it('asks for the time and the reason, and refuses a rest day naming it', async () => {
    const { employee, admin } = await workerAndAdmin();
    expect((await recordFor(employee, admin, { workDate: '2026-11-20', reason: 'x' })).json()).toMatchObject({
      detail: 'You must enter the time.',
    });
    expect((await recordFor(employee, admin, { workDate: '2026-11-20', timeIn: '2026-11-20T09:00:00Z' })).json()).toMatchObject({
      detail: 'Please write the reason',
    });
    const weekend = await recordFor(employee, admin, {
      workDate: '2026-11-22',
      timeIn: '2026-11-22T09:00:00Z',
      reason: 'Came in',
    });
    expect(weekend.json()).toMatchObject({ status: 409, detail: 'This day 2026-11-22 is a rest day for this employee.' });
  });

  describe('refuses times out of order, naming the field, instead of moving them to the next day', () => {
    const day = (times: Record<string, string | null>) => ({ timeIn: '2026-11-13T09:00:00Z', breakIn: null, breakOut: null, timeOut: null, ...times });
    const refusals: Array<[string, Record<string, string | null>, string, string]> = [
      [
        'a break that ends before it starts (12:00–11:00)',
        { breakIn: '2026-11-13T12:00:00Z', breakOut: '2026-11-13T11:00:00Z', timeOut: '2026-11-13T17:00:00Z' },
        'breakOut',
        'Break out must be after break in.',
      ],
      ['a time out before the time in', { timeOut: '2026-11-13T08:00:00Z' }, 'timeOut', 'Time out must be after time in.'],
      ['a time out equal to the time in', { timeOut: '2026-11-13T09:00:00Z' }, 'timeOut', 'Time out must be after time in.'],
      [
        'a break that starts before the time in',
        { breakIn: '2026-11-13T08:00:00Z', breakOut: '2026-11-13T08:30:00Z', timeOut: '2026-11-13T17:00:00Z' },
        'breakIn',
        'The break must be between time in and time out.',
      ],
      [
        'a break that ends after the time out',
        { breakIn: '2026-11-13T16:00:00Z', breakOut: '2026-11-13T18:00:00Z', timeOut: '2026-11-13T17:00:00Z' },
        'breakOut',
        'The break must be between time in and time out.',
      ],
      [
        'a break end without its start',
        { breakOut: '2026-11-13T13:00:00Z', timeOut: '2026-11-13T17:00:00Z' },
        'breakIn',
        'Enter both break times, or neither.',
      ],
      [
        'a closed day with a break never ended',
        { breakIn: '2026-11-13T12:00:00Z', timeOut: '2026-11-13T17:00:00Z' },
        'breakOut',
        'Enter both break times, or neither.',
      ],
      ['a day longer than 24 hours', { timeOut: '2026-11-14T09:01:00Z' }, 'timeOut', 'A work day can last at most 24 hours.'],
    ];

    it.each(refusals)('records no day with %s', async (_case, times, field, message) => {
      const { employee, admin } = await workerAndAdmin();
      const answer = await recordFor(employee, admin, {
        workDate: '2026-11-13',
        reason: 'Paper sheet',
        ...day(times),
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json()).toMatchObject({ detail: message, errors: expect.arrayContaining([expect.objectContaining({ path: field, message })]) });
      expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-13'))).version).toBe(0);
    });

    it('refuses an amendment out of order and keeps the day as it was', async () => {
      const { employee, admin } = await workerAndAdmin();
      const recorded = (
        await recordFor(employee, admin, {
          workDate: '2026-11-12',
          reason: 'Paper sheet',
          ...day({ timeOut: '2026-11-12T17:00:00Z', timeIn: '2026-11-12T09:00:00Z' }),
        })
      ).json<Attendance>();
      const amended = await call('PATCH', `/api/attendance/${recorded.id}`, admin, {
        reason: 'Typo',
        ...day({ timeIn: '2026-11-12T09:00:00Z', breakIn: '2026-11-12T12:00:00Z', breakOut: '2026-11-12T11:00:00Z', timeOut: '2026-11-12T17:00:00Z' }),
      });
      expect(amended.statusCode).toBe(400);
      expect(amended.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'breakOut', messageKey: 'breakOutBeforeBreakIn' })] });
      expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-12'))).version).toBe(1);
    });

    it('accepts a night shift that ends after midnight, with its break after midnight too', async () => {
      const employee = await announceEmployee(harness);
      await announceSchedule(harness, employee, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 7, restDays: [] });
      const admin = adminOf(employee.companyId);
      const answer = await recordFor(employee, admin, {
        workDate: '2026-11-13',
        reason: 'Paper sheet',
        timeIn: '2026-11-13T22:00:00Z',
        breakIn: '2026-11-14T02:00:00Z',
        breakOut: '2026-11-14T03:00:00Z',
        timeOut: '2026-11-14T06:00:00Z',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ workDate: '2026-11-13', totalHours: 7, arrivalStatus: 'on time', departureStatus: 'on time', state: 'left' });
    });
  });

  it('keeps both statuses of a day that started late and ended early', async () => {
    const { employee, admin } = await workerAndAdmin();
    const answer = await recordFor(employee, admin, {
      workDate: '2026-11-11',
      reason: 'Doctor',
      timeIn: '2026-11-11T09:40:00Z',
      timeOut: '2026-11-11T15:00:00Z',
    });
    expect(answer.json()).toMatchObject({ arrivalStatus: 'late arrival', departureStatus: 'early departure', lateMinutes: 40 });
    await ctx.relay.flush([]);
    const { rows } = await harness.pool.query<{ payload: Record<string, unknown> }>(
      `SELECT envelope->'payload' AS payload FROM outbox WHERE envelope->>'key' = $1 ORDER BY position`,
      [employee.employeeId],
    );
    // The event's first version carried one status; the two come beside it.
    expect(rows.at(-1)?.payload).toMatchObject({ status: 'early departure', arrivalStatus: 'late arrival', departureStatus: 'early departure' });
  });

  it('keeps an Admin of another company out of the employee’s days', async () => {
    const { employee, admin } = await workerAndAdmin();
    const day = (
      await recordFor(employee, admin, {
        workDate: '2026-11-19',
        timeIn: '2026-11-19T09:00:00Z',
        reason: 'Manual',
      })
    ).json<Attendance>();
    const intruder = adminOf(randomUUID());
    expect(
      (
        await recordFor(employee, intruder, {
          workDate: '2026-11-18',
          timeIn: '2026-11-18T09:00:00Z',
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('PATCH', `/api/attendance/${day.id}`, intruder, { timeIn: '2026-11-19T10:00:00Z', reason: 'x' })).json()).toMatchObject({
      status: 404,
      detail: 'No attendance found!',
    });
    expect((await call('DELETE', `/api/attendance/${day.id}`, intruder, { reason: 'x' })).statusCode).toBe(404);
    expect((await readStream(harness.pool, workDayStreamId(employee.employeeId, '2026-11-19'))).version).toBe(1);
  });
});
