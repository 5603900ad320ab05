import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SCHEDULE_FOUND, type EmployeeSnapshot, type MySchedules, type Schedule } from '@ams/contracts';
import { adminOf, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import { newEvent } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import { call } from '@ams/service-kit/testing';
import { archiveEmployee, assign, hire, scheduleFields, startScheduling, type SchedulingHarness } from '../test-support/scheduling-harness.ts';

const NOW = new Date('2026-11-21T10:00:00Z');
let scheduling: SchedulingHarness;

beforeAll(async () => {
  scheduling = await startScheduling({ startAt: NOW });
});
afterAll(async () => {
  await scheduling?.close();
});

const request = (...args: Parameters<typeof call> extends [unknown, ...infer Rest] ? Rest : never) => call(scheduling, ...args);
const detail = (body: unknown) => (body as { detail: string }).detail;
const employ = (overrides: Partial<EmployeeSnapshot> = {}) => hire(scheduling.bus, overrides);

function eventsOf(employeeId: string) {
  return scheduling.events.filter((event) => event.key === employeeId).map((event) => ({ type: event.type, payload: event.payload }));
}

async function storedRows(employeeId: string) {
  const { rows } = await scheduling.pool.query('SELECT * FROM schedules WHERE employee_id = $1 ORDER BY from_date', [employeeId]);
  return rows;
}

const stateOf = (schedule: Schedule) => ({
  scheduleId: schedule.id,
  employeeId: schedule.employeeId,
  companyId: schedule.companyId,
  startTime: schedule.startTime,
  offTime: schedule.offTime,
  totalHours: schedule.totalHours,
  restDays: schedule.restDays,
  fromDate: schedule.fromDate,
  toDate: schedule.toDate,
  status: schedule.status,
});

describe('assigning a schedule', () => {
  it('keeps every field, takes the employee from the directory and announces the whole state', async () => {
    const ana = await employ({ firstName: 'Ana', lastName: 'Lima' });
    const admin = adminOf(ana.companyId);
    const created = await request(admin, 'POST', '/api/schedules', scheduleFields(ana.employeeId, { restDays: ['sunday', 'saturday'], totalHours: 7.5 }));
    expect(created.status, created.raw).toBe(201);
    const schedule = created.body as Schedule;
    expect(schedule).toMatchObject({
      employeeId: ana.employeeId,
      employeeName: 'Ana Lima',
      companyId: ana.companyId,
      departmentId: ana.departmentId,
      startTime: '09:00:00.000Z',
      offTime: '17:00:00.000Z',
      totalHours: 7.5,
      overnight: false,
      restDays: ['saturday', 'sunday'],
      fromDate: '2026-01-05',
      toDate: null,
      status: 'current',
      createdAt: NOW.toISOString(),
    });
    expect((await request(admin, 'GET', `/api/schedules/${schedule.id}`)).body).toEqual(schedule);
    expect(eventsOf(ana.employeeId)).toEqual([{ type: 'schedule.ScheduleAssigned', payload: stateOf(schedule) }]);
  });

  it('answers with the spec messages for every invalid field and writes nothing', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ employeeId: undefined }, 'Employee is required'],
      [{ startTime: undefined }, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{ startTime: '9:00' }, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{ startTime: '09:00:00' }, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{ offTime: '24:00:00.000Z' }, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{ offTime: '17:00:00.000+01:00' }, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{ fromDate: undefined }, 'Date must be in the format YYYY-MM-DD'],
      [{ fromDate: '05/01/2026' }, 'Date must be in the format YYYY-MM-DD'],
      [{ toDate: '2026-02-30' }, 'Date must be in the format YYYY-MM-DD'],
      [{ totalHours: undefined }, 'Total hours is required'],
      [{ totalHours: '8' }, 'Total hours is required'],
      [{ totalHours: 0 }, 'Total hours must be more than 0'],
      [{ totalHours: 8.25 }, 'Total hours cannot exceed the shift'],
      [{ startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 9 }, 'Total hours cannot exceed the shift'],
      [{ toDate: '2026-01-04' }, 'The schedule cannot end before it starts'],
      [{ restDays: ['funday'] }, 'Rest days must be weekdays'],
      [{ restDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] }, 'At least one day of the week must be a working day'],
      [{ restDays: ['sunday', 'sunday'] }, 'A rest day is listed twice'],
    ];
    for (const [overrides, message] of cases) {
      const response = await request(admin, 'POST', '/api/schedules', scheduleFields(ana.employeeId, overrides));
      expect({ status: response.status, detail: detail(response.body) }, JSON.stringify(overrides)).toEqual({ status: 400, detail: message });
    }
    expect(await storedRows(ana.employeeId)).toEqual([]);
    expect(eventsOf(ana.employeeId)).toEqual([]);
  });

  it('counts an overnight shift 22:00 to 06:00 as 8 hours and marks it overnight', async () => {
    const nina = await employ();
    const admin = adminOf(nina.companyId);
    const night = await assign(scheduling.app, admin, scheduleFields(nina.employeeId, { startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8 }));
    expect(night).toMatchObject({ startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8, overnight: true });
    expect(eventsOf(nina.employeeId).at(-1)?.payload).toMatchObject({ startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', totalHours: 8 });
    const day = await request(admin, 'PATCH', `/api/schedules/${night.id}`, { startTime: '06:00:00.000Z', offTime: '22:00:00.000Z', totalHours: 16 });
    expect(day.body).toMatchObject({ totalHours: 16, overnight: false });
  });

  it('refuses an employee the directory does not know or the caller does not see', async () => {
    const ana = await employ();
    const outsider = await employ();
    const admin = adminOf(ana.companyId);
    for (const employeeId of [randomUUID(), outsider.employeeId]) {
      const response = await request(admin, 'POST', '/api/schedules', scheduleFields(employeeId));
      expect({ status: response.status, detail: detail(response.body) }).toEqual({ status: 400, detail: 'Employee not found' });
    }
    expect(await storedRows(outsider.employeeId)).toEqual([]);
    // The SuperAdmin works in every company.
    expect((await request(superAdmin, 'POST', '/api/schedules', scheduleFields(outsider.employeeId))).status).toBe(201);
  });

  it('refuses a new schedule for an archived employee', async () => {
    const ana = await employ();
    await archiveEmployee(scheduling.bus, ana);
    const response = await request(adminOf(ana.companyId), 'POST', '/api/schedules', scheduleFields(ana.employeeId));
    expect({ status: response.status, detail: detail(response.body) }).toEqual({ status: 409, detail: 'An archived employee cannot get a new schedule' });
    expect(await storedRows(ana.employeeId)).toEqual([]);
  });
});

describe('the schedule history', () => {
  it('leaves the current schedule in force until the day before an upcoming one starts', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const first = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    const second = await assign(
      scheduling.app,
      admin,
      scheduleFields(ana.employeeId, { fromDate: '2026-12-01', startTime: '08:00:00.000Z', offTime: '16:00:00.000Z' }),
    );
    expect(second).toMatchObject({ fromDate: '2026-12-01', toDate: null, status: 'upcoming' });
    const shortened = (await request(admin, 'GET', `/api/schedules/${first.id}`)).body as Schedule;
    expect(shortened).toMatchObject({ fromDate: '2026-01-05', toDate: '2026-11-30', status: 'current', startTime: '09:00:00.000Z' });
    expect(eventsOf(ana.employeeId)).toEqual([
      { type: 'schedule.ScheduleAssigned', payload: stateOf(first) },
      { type: 'schedule.ScheduleEnded', payload: stateOf(shortened) },
      { type: 'schedule.ScheduleAssigned', payload: stateOf(second) },
    ]);
  });

  it('turns the statuses with the clock: the old one is current on its last day, the upcoming one from its first', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const first = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    const second = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-12-01' }));
    const statusesAt = async (instant: string) => {
      scheduling.clock.set(instant);
      const statuses = [];
      for (const id of [first.id, second.id]) statuses.push(((await request(admin, 'GET', `/api/schedules/${id}`)).body as Schedule).status);
      return statuses;
    };
    try {
      // 23:30 UTC on 30 November is still 30 November in Lisbon (UTC+0 in winter).
      expect(await statusesAt('2026-11-30T23:30:00Z')).toEqual(['current', 'upcoming']);
      expect(await statusesAt('2026-12-01T00:00:00Z')).toEqual(['previous', 'current']);
    } finally {
      scheduling.clock.set(NOW);
    }
  });

  it("counts today in the company's time zone", async () => {
    const tokyoCompany = randomUUID();
    await scheduling.bus.publish([
      testEvent('settings.SettingsChanged', tokyoCompany, {
        companyId: tokyoCompany,
        country: 'JP',
        timezone: 'Asia/Tokyo',
        timeFormat: 1,
        rfidClock: false,
        ipRestriction: [],
      }),
    ]);
    const ken = await employ({ companyId: tokyoCompany });
    const admin = adminOf(tokyoCompany);
    // 2026-11-21 10:00 UTC is already 19:00 there; at 16:00 UTC it is 22 November in Tokyo, still 21 in Lisbon.
    const schedule = await assign(scheduling.app, admin, scheduleFields(ken.employeeId, { fromDate: '2026-11-22' }));
    expect(schedule.status).toBe('upcoming');
    scheduling.clock.set('2026-11-21T16:00:00Z');
    try {
      expect(((await request(admin, 'GET', `/api/schedules/${schedule.id}`)).body as Schedule).status).toBe('current');
    } finally {
      scheduling.clock.set(NOW);
    }
  });

  it('refuses a schedule that overlaps a later or a previous one, writing nothing', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-12-01' }));
    const before = await storedRows(ana.employeeId);
    const eventCount = scheduling.events.length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ fromDate: '2026-11-01' }, 'This schedule overlaps another schedule of this employee from 2026-12-01'],
      [{ fromDate: '2026-12-01' }, 'This schedule overlaps another schedule of this employee from 2026-12-01'],
      [{ fromDate: '2026-01-01', toDate: '2026-01-31' }, 'This schedule overlaps another schedule of this employee from 2026-01-05'],
    ];
    for (const [overrides, message] of cases) {
      const response = await request(admin, 'POST', '/api/schedules', scheduleFields(ana.employeeId, overrides));
      expect({ status: response.status, detail: detail(response.body) }, JSON.stringify(overrides)).toEqual({ status: 409, detail: message });
    }
    expect(await storedRows(ana.employeeId)).toEqual(before);
    expect(scheduling.events.length).toBe(eventCount);
  });

  it('files a period that ends before the current schedule as previous history', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const current = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-12-01' }));
    const earlier = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-06-01', toDate: '2026-06-30' }));
    expect(earlier.status).toBe('previous');
    expect((await request(admin, 'GET', `/api/schedules/${current.id}`)).body).toEqual(current);
  });

  it('is guarded by the database too: no overlapping periods, an ended schedule keeps its end', async () => {
    const ana = await employ();
    await assign(scheduling.app, adminOf(ana.companyId), scheduleFields(ana.employeeId, { fromDate: '2026-01-05', toDate: '2026-01-31' }));
    const insert = (fromDate: string, toDate: string | null, status: string) =>
      scheduling.pool.query(
        `INSERT INTO schedules (id, employee_id, start_time, off_time, total_hours, from_date, to_date, status, created_at, updated_at)
         VALUES ($1, $2, '09:00', '17:00', 8, $3, $4, $5, now(), now())`,
        [randomUUID(), ana.employeeId, fromDate, toDate, status],
      );
    await expect(insert('2026-01-31', '2026-02-28', 'previous')).rejects.toMatchObject({ code: '23P01' });
    await expect(insert('2026-02-01', null, 'previous')).rejects.toMatchObject({ code: '23514' });
    expect(await storedRows(ana.employeeId)).toHaveLength(1);
  });
});

describe('changing a schedule', () => {
  it('changes times, hours, rest days and dates, checked on the merged values', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const schedule = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { totalHours: 7.5 }));
    const refusals: Array<[Record<string, unknown>, number, string]> = [
      [{ offTime: '15:00:00.000Z' }, 400, 'Total hours cannot exceed the shift'],
      [{ totalHours: 9 }, 400, 'Total hours cannot exceed the shift'],
      [{ toDate: '2026-01-04' }, 400, 'The schedule cannot end before it starts'],
      [{ fromDate: '2026-02-01', toDate: '2026-01-31' }, 400, 'The schedule cannot end before it starts'],
      [{ startTime: '9am' }, 400, 'Time must be in the format HH:mm:ss.SSSZ'],
      [{}, 400, 'Nothing to change'],
    ];
    for (const [body, status, message] of refusals) {
      const response = await request(admin, 'PATCH', `/api/schedules/${schedule.id}`, body);
      expect({ status: response.status, detail: detail(response.body) }, JSON.stringify(body)).toEqual({ status, detail: message });
    }
    const changed = await request(admin, 'PATCH', `/api/schedules/${schedule.id}`, {
      offTime: '18:30:00.000Z',
      restDays: ['sunday', 'monday'],
      toDate: '2027-12-31',
    });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body).toMatchObject({
      startTime: '09:00:00.000Z',
      offTime: '18:30:00.000Z',
      totalHours: 7.5,
      restDays: ['monday', 'sunday'],
      toDate: '2027-12-31',
      status: 'current',
    });
    expect(eventsOf(ana.employeeId).map((event) => event.type)).toEqual(['schedule.ScheduleAssigned', 'schedule.ScheduleChanged']);
    expect(eventsOf(ana.employeeId).at(-1)?.payload).toEqual(stateOf(changed.body as Schedule));
  });

  it('corrects a previous schedule but never into another one', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const first = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    const second = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-09-01' }));
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [first.id, { toDate: '2026-12-15' }, 'This schedule overlaps another schedule of this employee from 2026-09-01'],
      [first.id, { toDate: null }, 'A previous schedule must keep an end date'],
      [second.id, { fromDate: '2026-08-15' }, 'This schedule overlaps another schedule of this employee from 2026-01-05'],
      [second.id, { fromDate: '2025-01-01', toDate: '2025-12-31' }, 'A schedule cannot be moved past another schedule of this employee'],
    ];
    const before = await storedRows(ana.employeeId);
    for (const [id, body, message] of refusals) {
      const response = await request(admin, 'PATCH', `/api/schedules/${id}`, body);
      expect({ status: response.status, detail: detail(response.body) }, JSON.stringify(body)).toEqual({ status: 409, detail: message });
    }
    expect(await storedRows(ana.employeeId)).toEqual(before);
    const corrected = await request(admin, 'PATCH', `/api/schedules/${first.id}`, { fromDate: '2026-01-01', startTime: '08:30:00.000Z' });
    expect(corrected.body).toMatchObject({ fromDate: '2026-01-01', toDate: '2026-08-31', startTime: '08:30:00.000Z', status: 'previous' });
  });
});

describe('archiving a schedule', () => {
  it("ends an open-ended current schedule today (the company's day) and makes it previous at once", async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const schedule = await assign(scheduling.app, admin, scheduleFields(ana.employeeId));
    const archived = await request(admin, 'POST', `/api/schedules/${schedule.id}/archive`);
    expect(archived.status, archived.raw).toBe(200);
    expect(archived.body).toMatchObject({ fromDate: '2026-01-05', toDate: '2026-11-21', status: 'previous' });
    expect(eventsOf(ana.employeeId).at(-1)).toEqual({ type: 'schedule.ScheduleEnded', payload: stateOf(archived.body as Schedule) });
    const again = await request(admin, 'POST', `/api/schedules/${schedule.id}/archive`);
    expect({ status: again.status, detail: detail(again.body) }).toEqual({ status: 409, detail: 'This schedule has already ended' });
    // The next schedule starts a fresh current one; the archived one is history and stays as it was.
    const next = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-12-01' }));
    expect(next.status).toBe('upcoming');
    expect((await request(admin, 'GET', `/api/schedules/${schedule.id}`)).body).toEqual(archived.body);
  });

  it('brings a later end forward to today, and refuses a schedule whose period is over', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const over = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { toDate: '2026-06-30' }));
    const running = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-07-01', toDate: '2027-06-30' }));
    expect((await request(admin, 'POST', `/api/schedules/${running.id}/archive`)).body).toMatchObject({ toDate: '2026-11-21', status: 'previous' });
    const refused = await request(admin, 'POST', `/api/schedules/${over.id}/archive`);
    expect({ status: refused.status, detail: detail(refused.body) }).toEqual({ status: 409, detail: 'This schedule has already ended' });
  });

  it('refuses a schedule that has not started yet', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const schedule = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-11-22' }));
    const response = await request(admin, 'POST', `/api/schedules/${schedule.id}/archive`);
    expect({ status: response.status, detail: detail(response.body) }).toEqual({
      status: 409,
      detail: 'This schedule has not started yet: change its dates instead',
    });
    expect((await request(admin, 'GET', `/api/schedules/${schedule.id}`)).body).toEqual(schedule);
  });
});

describe('the schedule list', () => {
  const companyA = randomUUID();
  const companyB = randomUUID();
  const sales = randomUUID();
  let zoe: EmployeeSnapshot;
  let bruno: EmployeeSnapshot;
  let ana: EmployeeSnapshot;
  let brunoOld: Schedule;
  let brunoNew: Schedule;
  let zoeSchedule: Schedule;
  let anaSchedule: Schedule;
  let otherSchedule: Schedule;

  beforeAll(async () => {
    zoe = await employ({ companyId: companyA, firstName: 'Zoe', lastName: 'Adams' });
    bruno = await employ({ companyId: companyA, departmentId: sales, firstName: 'Bruno', lastName: 'Costa' });
    ana = await employ({ companyId: companyA, firstName: 'Ana', lastName: 'Brito' });
    const other = await employ({ companyId: companyB, firstName: 'Olga', lastName: 'Other' });
    const admin = adminOf(companyA);
    zoeSchedule = await assign(scheduling.app, admin, scheduleFields(zoe.employeeId, { offTime: '18:00:00.000Z', totalHours: 9 }));
    brunoOld = await assign(scheduling.app, admin, scheduleFields(bruno.employeeId, { fromDate: '2026-01-05' }));
    brunoNew = await assign(scheduling.app, admin, scheduleFields(bruno.employeeId, { fromDate: '2026-09-01' }));
    anaSchedule = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { startTime: '22:00:00.000Z', offTime: '05:00:00.000Z', totalHours: 7 }));
    otherSchedule = await assign(scheduling.app, adminOf(companyB), scheduleFields(other.employeeId));
  });

  const ids = (body: unknown) => (body as { items: Schedule[] }).items.map((schedule) => schedule.id);

  it('sorts by employee name, then newest first, and pages with a total', async () => {
    const admin = adminOf(companyA);
    expect(ids((await request(admin, 'GET', '/api/schedules')).body)).toEqual([anaSchedule.id, brunoNew.id, brunoOld.id, zoeSchedule.id]);
    const page = await request(admin, 'GET', '/api/schedules?pageSize=2&page=2');
    expect({ ids: ids(page.body), total: (page.body as { total: number }).total }).toEqual({ ids: [brunoOld.id, zoeSchedule.id], total: 4 });
  });

  it('sorts by the period start, the hours or the shift start either way, ties by employee name', async () => {
    const admin = adminOf(companyA);
    const sorted = async (query: string) => ids((await request(admin, 'GET', `/api/schedules?${query}`)).body);
    expect(await sorted('sort=fromDate')).toEqual([anaSchedule.id, brunoOld.id, zoeSchedule.id, brunoNew.id]);
    expect(await sorted('sort=fromDate&order=desc')).toEqual([brunoNew.id, anaSchedule.id, brunoOld.id, zoeSchedule.id]);
    expect(await sorted('sort=totalHours&order=desc')).toEqual([zoeSchedule.id, brunoNew.id, brunoOld.id, anaSchedule.id]);
    expect(await sorted('sort=startTime')).toEqual([brunoNew.id, brunoOld.id, zoeSchedule.id, anaSchedule.id]);
    expect(await sorted('sort=employee&order=desc')).toEqual([zoeSchedule.id, brunoNew.id, brunoOld.id, anaSchedule.id]);
    expect((await request(admin, 'GET', '/api/schedules?sort=salary')).status).toBe(400);
  });

  it('filters by employee, department, status and company, and searches the employee name', async () => {
    const admin = adminOf(companyA);
    expect(ids((await request(admin, 'GET', `/api/schedules?employeeId=${bruno.employeeId}`)).body)).toEqual([brunoNew.id, brunoOld.id]);
    expect(ids((await request(admin, 'GET', `/api/schedules?departmentId=${sales}`)).body)).toEqual([brunoNew.id, brunoOld.id]);
    expect(ids((await request(admin, 'GET', '/api/schedules?status=previous')).body)).toEqual([brunoOld.id]);
    expect(ids((await request(admin, 'GET', `/api/schedules?status=current&companyId=${companyA}`)).body)).toEqual([
      anaSchedule.id,
      brunoNew.id,
      zoeSchedule.id,
    ]);
    expect(ids((await request(admin, 'GET', '/api/schedules?search=costa%20bru')).body)).toEqual([brunoNew.id, brunoOld.id]);
    expect(ids((await request(admin, 'GET', '/api/schedules?search=ZOE')).body)).toEqual([zoeSchedule.id]);
    expect(ids((await request(admin, 'GET', '/api/schedules?search=bruno%20adams')).body)).toEqual([]);
    expect(ids((await request(superAdmin, 'GET', `/api/schedules?companyId=${companyB}`)).body)).toEqual([otherSchedule.id]);
  });

  it('shows an Admin nothing of another company, and lets it change nothing there', async () => {
    const adminB = adminOf(companyB);
    expect((await request(adminB, 'GET', `/api/schedules?companyId=${companyA}`)).body).toEqual({ items: [], total: 0 });
    expect(ids((await request(adminB, 'GET', '/api/schedules?pageSize=200')).body)).toEqual([otherSchedule.id]);
    const before = await storedRows(zoe.employeeId);
    const eventCount = scheduling.events.length;
    const attempts = [
      await request(adminB, 'GET', `/api/schedules/${zoeSchedule.id}`),
      await request(adminB, 'PATCH', `/api/schedules/${zoeSchedule.id}`, { totalHours: 4 }),
      await request(adminB, 'POST', `/api/schedules/${zoeSchedule.id}/archive`),
    ];
    expect(attempts.map((answer) => ({ status: answer.status, detail: detail(answer.body) }))).toEqual(
      Array.from({ length: 3 }, () => ({ status: 404, detail: NO_SCHEDULE_FOUND })),
    );
    expect(await storedRows(zoe.employeeId)).toEqual(before);
    expect(scheduling.events.length).toBe(eventCount);
  });

  it('answers No schedule found! for an unknown id', async () => {
    const response = await request(superAdmin, 'GET', `/api/schedules/${randomUUID()}`);
    expect({ status: response.status, detail: detail(response.body) }).toEqual({ status: 404, detail: NO_SCHEDULE_FOUND });
  });
});

describe('my schedules', () => {
  it("shows the signed-in employee their own current, previous and upcoming schedules, never anyone else's", async () => {
    const ana = await employ();
    const rui = await employ({ companyId: ana.companyId });
    const admin = adminOf(ana.companyId);
    const first = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    const second = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-06-01' }));
    const third = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-09-01' }));
    const fourth = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2027-01-01' }));
    const ruiSchedule = await assign(scheduling.app, admin, scheduleFields(rui.employeeId));

    const mine = (await request(employeePrincipal(ana.companyId, ana.employeeId), 'GET', '/api/me/schedules')).body as MySchedules;
    expect(mine.current).toMatchObject({ id: third.id, toDate: '2026-12-31' });
    expect(mine.upcoming.map((schedule) => schedule.id)).toEqual([fourth.id]);
    expect(mine.previous.map((schedule) => [schedule.id, schedule.toDate])).toEqual([
      [second.id, '2026-08-31'],
      [first.id, '2026-05-31'],
    ]);
    expect((await request(employeePrincipal(rui.companyId, rui.employeeId), 'GET', '/api/me/schedules')).body).toEqual({
      current: ruiSchedule,
      previous: [],
      upcoming: [],
    });
    // An admin who is also an employee sees their own as well.
    expect((await request({ ...admin, employeeId: rui.employeeId }, 'GET', '/api/me/schedules')).body).toMatchObject({ current: { id: ruiSchedule.id } });
  });

  it('answers an employee without schedules with none, and a caller who is no employee with No schedule found!', async () => {
    const newcomer = await employ();
    expect((await request(employeePrincipal(newcomer.companyId, newcomer.employeeId), 'GET', '/api/me/schedules')).body).toEqual({
      current: null,
      previous: [],
      upcoming: [],
    });
    const response = await request(adminOf(newcomer.companyId), 'GET', '/api/me/schedules');
    expect({ status: response.status, detail: detail(response.body) }).toEqual({ status: 404, detail: NO_SCHEDULE_FOUND });
  });
});

describe('the upcoming filter', () => {
  it('lists a schedule as upcoming until its first day, then as current beside the one it replaced', async () => {
    const company = randomUUID();
    const lia = await employ({ companyId: company });
    const admin = adminOf(company);
    const running = await assign(scheduling.app, admin, scheduleFields(lia.employeeId, { fromDate: '2026-01-05' }));
    const later = await assign(scheduling.app, admin, scheduleFields(lia.employeeId, { fromDate: '2026-12-01' }));
    const listed = async (status: string) => {
      const body = (await request(admin, 'GET', `/api/schedules?companyId=${company}&status=${status}`)).body as { items: Schedule[]; total: number };
      return { ids: body.items.map((schedule) => schedule.id), total: body.total };
    };
    const byStatus = async () => ({ upcoming: await listed('upcoming'), current: await listed('current'), previous: await listed('previous') });

    expect(await byStatus()).toEqual({
      upcoming: { ids: [later.id], total: 1 },
      current: { ids: [running.id], total: 1 },
      previous: { ids: [], total: 0 },
    });
    scheduling.clock.set('2026-12-01T09:00:00Z');
    try {
      expect(await byStatus()).toEqual({
        upcoming: { ids: [], total: 0 },
        current: { ids: [later.id], total: 1 },
        previous: { ids: [running.id], total: 1 },
      });
    } finally {
      scheduling.clock.set(NOW);
    }
  });
});

describe('archiving an employee', () => {
  const archivedEvent = (employee: EmployeeSnapshot) =>
    newEvent('employee.EmployeeArchived', employee.employeeId, { ...employee, employmentStatus: 'archived' }, { now: NOW });

  it('ends their schedule in force on the archive day, drops upcoming ones and leaves history alone, announcing each', async () => {
    const ana = await employ();
    const admin = adminOf(ana.companyId);
    const past = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-01-05' }));
    const current = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2026-09-01' }));
    const upcoming = await assign(scheduling.app, admin, scheduleFields(ana.employeeId, { fromDate: '2027-01-01' }));
    const pastBefore = (await request(admin, 'GET', `/api/schedules/${past.id}`)).body;
    const eventCount = eventsOf(ana.employeeId).length;

    await scheduling.bus.publish([archivedEvent(ana)]);

    const ended = (await request(admin, 'GET', `/api/schedules/${current.id}`)).body as Schedule;
    expect(ended).toMatchObject({ fromDate: '2026-09-01', toDate: '2026-11-21', status: 'previous' });
    expect((await request(admin, 'GET', `/api/schedules/${past.id}`)).body).toEqual(pastBefore);
    const dropped = await request(admin, 'GET', `/api/schedules/${upcoming.id}`);
    expect({ status: dropped.status, detail: detail(dropped.body) }).toEqual({ status: 404, detail: NO_SCHEDULE_FOUND });
    await expect
      .poll(() => eventsOf(ana.employeeId).slice(eventCount))
      .toEqual([
        { type: 'schedule.ScheduleEnded', payload: stateOf(ended) },
        { type: 'schedule.ScheduleCancelled', payload: stateOf(upcoming) },
      ]);
  });

  it('does it once however often the event is delivered, and leaves an employee without schedules alone', async () => {
    const ana = await employ();
    const newcomer = await employ();
    const admin = adminOf(ana.companyId);
    const schedule = await assign(scheduling.app, admin, scheduleFields(ana.employeeId));
    const event = archivedEvent(ana);

    await scheduling.bus.publish([event]);
    const afterFirst = await storedRows(ana.employeeId);
    // A redelivery of the same event, and another employee's archiving: neither touches the ended schedule again.
    await scheduling.bus.publish([event]);
    await scheduling.bus.publish([archivedEvent(newcomer)]);

    expect(await storedRows(ana.employeeId)).toEqual(afterFirst);
    expect(afterFirst).toMatchObject([{ id: schedule.id, status: 'previous' }]);
    await expect.poll(() => eventsOf(ana.employeeId).map((recorded) => recorded.type)).toEqual(['schedule.ScheduleAssigned', 'schedule.ScheduleEnded']);
    expect(await storedRows(newcomer.employeeId)).toEqual([]);
    expect(eventsOf(newcomer.employeeId)).toEqual([]);
  });
});
