import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance, Principal } from '@ams/contracts';
import { testEvent } from '@ams/bus/testing';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { findDirectoryEmployee } from '@ams/directory';
import { call } from '@ams/service-kit/testing';
import type { AttendanceContext } from '../context.ts';
import {
  announceEmployee,
  announceSchedule,
  announceSettings,
  startAttendance,
  type AttendanceHarness,
  type TestEmployee,
} from '../test-support/attendance-harness.ts';
import { waitForReadModels } from './projection.ts';
import { waitForReprojections } from './reprojection.ts';
import { punchAt, recordDayAs, serviceContext } from './read-models-test-support.ts';

type Page = { items: Attendance[]; total: number };
type History = {
  items: Array<{
    type: string;
    at: string;
    recordedAt: string;
    method: string | null;
    actorId: string | null;
    reason: string | null;
    details: Record<string, unknown>;
  }>;
};
type Presence = { items: Array<{ employeeId: string; employeeName: string; companyId: string; workDate: string; state: string; since: string }> };

let harness: AttendanceHarness;
let ctx: AttendanceContext;

const companyA = randomUUID();
const companyB = randomUUID();
const sales = randomUUID();
const support = randomUUID();
let adminA: Principal;
let adminB: Principal;
const rootAdmin = superAdmin;
let ana: TestEmployee;
let bruno: TestEmployee;
let carla: TestEmployee;

async function worker(companyId: string, departmentId: string, firstName: string, lastName: string): Promise<TestEmployee> {
  const employee = await announceEmployee(harness, { companyId, departmentId, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` });
  await announceSchedule(harness, employee);
  return employee;
}

/** The admin list after the projection caught up with every command so far. */
async function list(principal: Principal, query = ''): Promise<Page> {
  await waitForReadModels(harness.pool);
  const answer = await call<Page>(harness, principal, 'GET', `/api/attendance${query}`);
  expect(answer.status, answer.raw).toBe(200);
  return answer.body;
}

const dayOf = (page: Page) => page.items.map((item) => `${item.workDate} ${item.employeeName}`);

beforeAll(async () => {
  harness = await startAttendance();
  ctx = serviceContext(harness);
  await announceSettings(harness, null, { timezone: 'Europe/Lisbon' });
  adminA = adminOf(companyA);
  adminB = adminOf(companyB);
  ana = await worker(companyA, sales, 'Ana', 'Lima');
  bruno = await worker(companyA, support, 'Bruno', 'Costa');
  carla = await worker(companyB, randomUUID(), 'Carla', 'Dias');
  // Monday 2 to Friday 6 November 2026; shifts 09:00–17:00 UTC (Lisbon is on UTC in November).
  await recordDayAs(harness, adminA, ana, '2026-11-02', { timeIn: '2026-11-02T08:55:00Z', timeOut: '2026-11-02T17:05:00Z' });
  await recordDayAs(harness, adminA, ana, '2026-11-03', { timeIn: '2026-11-03T09:20:00Z', timeOut: '2026-11-03T17:00:00Z' });
  await recordDayAs(harness, adminA, ana, '2026-11-04', { timeIn: '2026-11-04T09:00:00Z', timeOut: '2026-11-04T15:00:00Z' });
  await recordDayAs(harness, adminA, bruno, '2026-11-03', { timeIn: '2026-11-03T08:30:00Z', timeOut: '2026-11-03T17:30:00Z' });
  await recordDayAs(harness, adminA, bruno, '2026-11-05', { timeIn: '2026-11-05T09:45:00+01:00', timeOut: '2026-11-05T18:00:00+01:00' });
  await recordDayAs(harness, adminB, carla, '2026-11-03', { timeIn: '2026-11-03T09:00:00Z', timeOut: '2026-11-03T17:00:00Z' });
});

afterAll(async () => {
  await ctx?.relay.stop();
  await harness?.close();
});

describe('the admin attendance list', () => {
  it("lists the company's days newest work date first, with the summary of each", async () => {
    const page = await list(adminA);
    expect(page.total).toBe(5);
    expect(dayOf(page)).toEqual(['2026-11-05 Bruno Costa', '2026-11-04 Ana Lima', '2026-11-03 Ana Lima', '2026-11-03 Bruno Costa', '2026-11-02 Ana Lima']);
    expect(page.items[0]).toMatchObject({
      employeeId: bruno.employeeId,
      companyId: companyA,
      departmentId: support,
      timeIn: '2026-11-05T08:45:00.000Z',
      timeOut: '2026-11-05T17:00:00.000Z',
      totalHours: 8.25,
      // The quarter hour before the shift is no overtime by the default rules.
      overtimeHours: 0,
      lateMinutes: 0,
      arrivalStatus: 'on time',
      departureStatus: 'on time',
      state: 'left',
      reason: 'Forgot to clock',
    });
    expect(page.items[1]).toMatchObject({ arrivalStatus: 'on time', departureStatus: 'early departure', totalHours: 6 });
    expect(page.items[2]).toMatchObject({ arrivalStatus: 'late arrival', departureStatus: 'on time', lateMinutes: 20 });
  });

  it("re-projects a company's days in the background when its work-time rules change, and no other company's", async () => {
    await announceSettings(harness, companyA, { timezone: 'Europe/Lisbon', lateGraceMinutes: 20, overtimeBeforeShift: true, overtimeMinimumMinutes: 10 });
    await waitForReprojections(harness.pool);
    const page = await list(adminA, '?from=2026-11-03&to=2026-11-05');
    // Bruno's quarter hour before the shift now counts, in 10-minute blocks; Ana's 20 minutes late are within the grace.
    expect(page.items.find((item) => item.employeeName === 'Bruno Costa' && item.workDate === '2026-11-05')).toMatchObject({ overtimeHours: 0.17 });
    expect(page.items.find((item) => item.employeeName === 'Ana Lima' && item.workDate === '2026-11-03')).toMatchObject({
      lateMinutes: 0,
      arrivalStatus: 'on time',
    });
    expect((await list(adminB)).items[0]).toMatchObject({ overtimeHours: 0, lateMinutes: 0 });
    // Back to the organisation's rules: the days count as before.
    await harness.bus.publish([testEvent('settings.SettingsReset', companyA, { companyId: companyA })]);
    await waitForReprojections(harness.pool);
    const reset = await list(adminA, '?from=2026-11-03&to=2026-11-05');
    expect(reset.items.find((item) => item.employeeName === 'Bruno Costa' && item.workDate === '2026-11-05')).toMatchObject({ overtimeHours: 0 });
    expect(reset.items.find((item) => item.employeeName === 'Ana Lima' && item.workDate === '2026-11-03')).toMatchObject({
      lateMinutes: 20,
      arrivalStatus: 'late arrival',
    });
  });

  it('filters by date range, employee, department, arrival and departure status and a quick search on the name', async () => {
    expect(dayOf(await list(adminA, '?from=2026-11-03&to=2026-11-04'))).toEqual(['2026-11-04 Ana Lima', '2026-11-03 Ana Lima', '2026-11-03 Bruno Costa']);
    expect((await list(adminA, `?employeeId=${ana.employeeId}`)).total).toBe(3);
    expect(dayOf(await list(adminA, `?departmentId=${support}`))).toEqual(['2026-11-05 Bruno Costa', '2026-11-03 Bruno Costa']);
    expect(dayOf(await list(adminA, `?arrivalStatus=${encodeURIComponent('late arrival')}`))).toEqual(['2026-11-03 Ana Lima']);
    expect(dayOf(await list(adminA, '?search=COST'))).toEqual(['2026-11-05 Bruno Costa', '2026-11-03 Bruno Costa']);
    expect((await list(adminA, '?search=lima%20ana')).total).toBe(3);
    expect((await list(adminA, '?search=ana%20costa')).total).toBe(0);
    expect((await list(adminA, `?companyId=${companyA}&departureStatus=${encodeURIComponent('early departure')}`)).items.map((item) => item.workDate)).toEqual([
      '2026-11-04',
    ]);
  });

  it('pages through the days with the total of all of them', async () => {
    const first = await list(adminA, '?page=1&pageSize=2');
    const second = await list(adminA, '?page=2&pageSize=2');
    const third = await list(adminA, '?page=3&pageSize=2');
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([...dayOf(first), ...dayOf(second), ...dayOf(third)]).toEqual(dayOf(await list(adminA)));
    expect(third.items).toHaveLength(1);
  });

  it('shows an Admin of company B nothing of company A, and a SuperAdmin every company', async () => {
    expect(dayOf(await list(adminB))).toEqual(['2026-11-03 Carla Dias']);
    expect((await list(adminB, `?companyId=${companyA}`)).total).toBe(0);
    expect((await list(adminB, `?employeeId=${ana.employeeId}`)).total).toBe(0);
    expect((await list(rootAdmin)).total).toBe(6);
    expect((await list(rootAdmin, `?companyId=${companyB}`)).total).toBe(1);

    const anasDay = (await list(adminA, `?employeeId=${ana.employeeId}`)).items[0];
    for (const url of [`/api/attendance/${anasDay?.id}`, `/api/attendance/${anasDay?.id}/history`]) {
      const answer = await call<{ detail?: string; title?: string }>(harness, adminB, 'GET', url);
      expect(answer.status).toBe(404);
      expect(answer.raw).toContain('No attendance found!');
    }
    expect((await call(harness, adminA, 'GET', `/api/attendance/${anasDay?.id}`)).status).toBe(200);
  });

  it("shows the employee's current name from the directory", async () => {
    const renamed = await announceEmployee(harness, {
      employeeId: carla.employeeId,
      companyId: companyB,
      departmentId: randomUUID(),
      firstName: 'Carla',
      lastName: 'Dias-Moreno',
    });
    expect(dayOf(await list(adminB, '?search=moreno'))).toEqual(['2026-11-03 Carla Dias-Moreno']);
    expect((await list(adminB)).items[0]?.departmentId).toBe(renamed.departmentId);
  });

  it('keeps listing the days of an employee the directory forgot, under the name and department they were projected with', async () => {
    const hugo = await worker(companyA, sales, 'Hugo', 'Vaz');
    await recordDayAs(harness, adminA, hugo, '2026-11-06', { timeIn: '2026-11-06T09:00:00Z', timeOut: '2026-11-06T17:00:00Z' });
    await waitForReadModels(harness.pool);
    await harness.bus.publish([testEvent('employee.EmployeeDeleted', hugo.employeeId, { employeeId: hugo.employeeId })]);
    expect(await findDirectoryEmployee(harness.pool, hugo.employeeId)).toBeNull();
    expect((await list(adminA, '?search=hugo')).items).toEqual([
      expect.objectContaining({ employeeId: hugo.employeeId, employeeName: 'Hugo Vaz', departmentId: sales }),
    ]);
  });
});

describe('one day and its history', () => {
  it('shows an admin correction with the actor and the reason, after the kiosk punch it corrects', async () => {
    const dora = await worker(companyA, sales, 'Dora', 'Reis');
    const checkIn = await punchAt(harness, ctx, dora, 'check-in', '2026-11-23T09:12:00.000Z');
    const id = checkIn.attendance?.id as string;
    const amend = await call<Attendance>(harness, adminA, 'PATCH', `/api/attendance/${id}`, {
      timeIn: '2026-11-23T09:00:00.000Z',
      timeOut: '2026-11-23T17:00:00.000Z',
      reason: 'Kiosk queue at the door',
    });
    expect(amend.status, amend.raw).toBe(200);
    await waitForReadModels(harness.pool);

    const day = await call<Attendance>(harness, adminA, 'GET', `/api/attendance/${id}`);
    expect(day.body).toMatchObject({
      id,
      employeeName: 'Dora Reis',
      timeIn: '2026-11-23T09:00:00.000Z',
      state: 'left',
      arrivalStatus: 'on time',
      departureStatus: 'on time',
      reason: 'Kiosk queue at the door',
    });

    const history = await call<History>(harness, adminA, 'GET', `/api/attendance/${id}/history`);
    expect(history.status, history.raw).toBe(200);
    expect(history.body.items).toHaveLength(2);
    expect(history.body.items[0]).toMatchObject({
      type: 'ClockedIn',
      at: '2026-11-23T09:12:00.000Z',
      method: 'pin',
      actorId: null,
      reason: null,
      details: { kioskId: 'front-door', clientIp: '203.0.113.10', deviceTime: '2026-11-23T07:59:00.000Z', matchScore: null, spoofScore: null },
    });
    expect(history.body.items[1]).toMatchObject({
      type: 'AttendanceAmended',
      at: '2026-11-23T09:00:00.000Z',
      method: 'admin',
      actorId: adminA.kind === 'user' ? adminA.userId : null,
      reason: 'Kiosk queue at the door',
      details: { previousTimes: { timeIn: '2026-11-23T09:12:00.000Z', timeOut: null } },
    });
    expect(Date.parse(history.body.items[1]?.recordedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(history.body.items[0]?.recordedAt ?? ''));
  });

  it('drops a deleted day from the list while its history keeps it, with who deleted it and why', async () => {
    const eva = await worker(companyA, sales, 'Eva', 'Pinto');
    const day = await recordDayAs(harness, adminA, eva, '2026-11-06', { timeIn: '2026-11-06T09:00:00Z', timeOut: '2026-11-06T17:00:00Z' });
    expect((await list(adminA, `?employeeId=${eva.employeeId}`)).total).toBe(1);
    const deleted = await call(harness, adminA, 'DELETE', `/api/attendance/${day.id}`, { reason: 'Recorded for the wrong person' });
    expect(deleted.status, deleted.raw).toBe(204);

    expect((await list(adminA, `?employeeId=${eva.employeeId}`)).total).toBe(0);
    const gone = await call(harness, adminA, 'GET', `/api/attendance/${day.id}`);
    expect(gone.status).toBe(404);
    expect(gone.raw).toContain('No attendance found!');
    const history = await call<History>(harness, adminA, 'GET', `/api/attendance/${day.id}/history`);
    expect(history.body.items.map((item) => [item.type, item.reason])).toEqual([
      ['AttendanceRecorded', 'Forgot to clock'],
      ['AttendanceDeleted', 'Recorded for the wrong person'],
    ]);
    expect(history.body.items[1]?.actorId).toBe(adminA.kind === 'user' ? adminA.userId : null);
  });

  it('answers an id that was never a day with "No attendance found!"', async () => {
    const answer = await call(harness, adminA, 'GET', `/api/attendance/${randomUUID()}/history`);
    expect(answer.status).toBe(404);
    expect(answer.raw).toContain('No attendance found!');
  });
});

describe('the personal attendance list', () => {
  it("shows the signed-in employee only their own days, and no route reads another's", async () => {
    await waitForReadModels(harness.pool);
    const mine = await call<Page>(harness, employeePrincipal(companyA, ana.employeeId), 'GET', '/api/me/attendance');
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.total).toBe(3);
    expect(new Set(mine.body.items.map((item) => item.employeeId))).toEqual(new Set([ana.employeeId]));
    expect(mine.body.items.map((item) => item.workDate)).toEqual(['2026-11-04', '2026-11-03', '2026-11-02']);
    const ranged = await call<Page>(harness, employeePrincipal(companyA, ana.employeeId), 'GET', '/api/me/attendance?from=2026-11-03&to=2026-11-03&pageSize=1');
    expect(ranged.body).toMatchObject({ total: 1, items: [{ workDate: '2026-11-03', employeeId: ana.employeeId }] });

    const brunosDay = (await list(adminA, `?employeeId=${bruno.employeeId}`)).items[0];
    for (const url of ['/api/attendance', `/api/attendance/${brunosDay?.id}`, `/api/attendance/${brunosDay?.id}/history`, '/api/attendance/presence']) {
      expect((await call(harness, employeePrincipal(companyA, ana.employeeId), 'GET', url)).status, url).toBe(403);
    }
  });

  it('answers a user who is no employee with "No attendance found!"', async () => {
    const answer = await call(harness, { ...(adminA as Extract<Principal, { kind: 'user' }>), employeeId: null }, 'GET', '/api/me/attendance');
    expect(answer.status).toBe(404);
    expect(answer.raw).toContain('No attendance found!');
  });
});

describe('presence', () => {
  async function presenceOf(principal: Principal): Promise<Presence['items']> {
    await waitForReadModels(harness.pool);
    const answer = await call<Presence>(harness, principal, 'GET', '/api/attendance/presence');
    expect(answer.status, answer.raw).toBe(200);
    return answer.body.items;
  }
  const stateOf = async (principal: Principal, employee: TestEmployee) => (await presenceOf(principal)).find((item) => item.employeeId === employee.employeeId);

  it('follows an employee through check-in, break, back and check-out, and forgets them the next day', async () => {
    const company = randomUUID();
    const admin = adminOf(company);
    const filipa = await worker(company, randomUUID(), 'Filipa', 'Gomes');
    const gil = await worker(company, randomUUID(), 'Gil', 'Matos');
    expect(await presenceOf(admin)).toEqual([]);

    await punchAt(harness, ctx, filipa, 'check-in', '2026-11-24T08:57:00.000Z');
    expect(await stateOf(admin, filipa)).toEqual({
      employeeId: filipa.employeeId,
      employeeName: 'Filipa Gomes',
      companyId: company,
      workDate: '2026-11-24',
      state: 'working',
      since: '2026-11-24T08:57:00.000Z',
    });
    await punchAt(harness, ctx, filipa, 'break-in', '2026-11-24T12:00:00.000Z');
    expect(await stateOf(admin, filipa)).toMatchObject({ state: 'on-break', since: '2026-11-24T12:00:00.000Z' });
    await punchAt(harness, ctx, gil, 'check-in', '2026-11-24T12:10:00.000Z');
    await punchAt(harness, ctx, filipa, 'break-out', '2026-11-24T12:30:00.000Z');
    expect(await stateOf(admin, filipa)).toMatchObject({ state: 'back-from-break', since: '2026-11-24T12:30:00.000Z' });
    await punchAt(harness, ctx, filipa, 'check-out', '2026-11-24T17:00:00.000Z');
    expect((await presenceOf(admin)).map((item) => [item.employeeName, item.state])).toEqual([
      ['Filipa Gomes', 'left'],
      ['Gil Matos', 'working'],
    ]);
    expect(await presenceOf(adminB)).not.toContainEqual(expect.objectContaining({ employeeId: filipa.employeeId }));

    // The next morning: Filipa left yesterday; Gil never checked out, so yesterday's day is still open.
    harness.clock.set('2026-11-25T08:00:00.000Z');
    expect((await presenceOf(admin)).map((item) => [item.employeeName, item.state, item.workDate])).toEqual([['Gil Matos', 'working', '2026-11-24']]);
    harness.clock.set('2026-11-26T08:00:00.000Z');
    expect(await presenceOf(admin)).toEqual([]);
  });
});

// Last: its company's days would change the totals the tests above count.
describe('arrival and departure statuses', () => {
  it('shows a day that started late and ended early as both, and both filters find it', async () => {
    const companyC = randomUUID();
    const adminC = adminOf(companyC);
    const dina = await worker(companyC, randomUUID(), 'Dina', 'Reis');
    await recordDayAs(harness, adminC, dina, '2026-11-09', { timeIn: '2026-11-09T09:30:00Z', timeOut: '2026-11-09T16:00:00Z' });
    await recordDayAs(harness, adminC, dina, '2026-11-10', { timeIn: '2026-11-10T09:00:00Z', timeOut: '2026-11-10T17:00:00Z' });
    expect((await list(adminC)).items.map((day) => [day.workDate, day.arrivalStatus, day.departureStatus])).toEqual([
      ['2026-11-10', 'on time', 'on time'],
      ['2026-11-09', 'late arrival', 'early departure'],
    ]);
    const late = encodeURIComponent('late arrival');
    const early = encodeURIComponent('early departure');
    expect((await list(adminC, `?arrivalStatus=${late}`)).items.map((day) => day.workDate)).toEqual(['2026-11-09']);
    expect((await list(adminC, `?departureStatus=${early}`)).items.map((day) => day.workDate)).toEqual(['2026-11-09']);
    expect((await list(adminC, `?arrivalStatus=${late}&departureStatus=${early}`)).total).toBe(1);
    expect((await list(adminC, `?arrivalStatus=on%20time&departureStatus=${early}`)).total).toBe(0);
  });
});

describe('a day clocked after the shift ended (issue 30)', () => {
  it('counts a day clocked after the shift ended, and recounts days the old rule stored when the issue-30 migration runs', async () => {
    // 22:21–23:01 on a 09:00–17:00 shift: 40 minutes worked, all of them after the shift (it used to show 6.02 h).
    await recordDayAs(harness, adminB, carla, '2026-11-09', { timeIn: '2026-11-09T22:21:00Z', timeOut: '2026-11-09T23:01:00Z' });
    const day = async () => (await list(adminB, '?from=2026-11-09&to=2026-11-09')).items[0];
    expect(await day()).toMatchObject({ totalHours: 0.67, overtimeHours: 0.67, lateMinutes: 480 });
    // As the old rule stored it, then the migration's recount.
    await harness.pool.query(`UPDATE attendance_days SET overtime_hours = 6.02, overtime_minutes = 361 WHERE company_id = $1 AND work_date = '2026-11-09'`, [
      companyB,
    ]);
    expect(await day()).toMatchObject({ overtimeHours: 6.02 });
    const migration = await readFile(new URL('../../migrations/0014_recount_outside_the_shift.sql', import.meta.url), 'utf8');
    await harness.pool.query(migration.slice(0, migration.indexOf('-- Down Migration')));
    await waitForReprojections(harness.pool);
    expect(await day()).toMatchObject({ overtimeHours: 0.67 });
  });
});
