import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoute, type ApiRouteKey } from '@ams/contracts';
import { createPool } from '@ams/db';
import { loadEmbeddedConfig } from './config.ts';
import { socketDir, startDatabase } from './database.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

/*
 * Issue 18: an embedded installation whose data predates the reporting service (here: its schema dropped) gets
 * its history. The in-process bus keeps nothing, so reporting, finding its read models empty, asks the owning
 * services to announce their state again; its reports then equal those of a reporting that was there from the start.
 */

const ADMIN_EMAIL = 'owner@history.example';
const ADMIN_PASSWORD = 'Owner-pass-1';
const PASSWORD = 'Valid-pass-1';

let dataDir: string;
let system: EmbeddedSystem | undefined;
let token = '';

async function call(
  key: ApiRouteKey,
  options: { id?: string; query?: Record<string, string>; body?: unknown; token?: string } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const route = apiRoute(key);
  const url = `${system?.url ?? ''}${route.path.replace(':id', options.id ?? '')}${options.query ? `?${new URLSearchParams(options.query).toString()}` : ''}`;
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? token}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, { method: route.method, headers, ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const idOf = (answer: { body: Record<string, unknown> }) => String(answer.body.id);

async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = await read();
    if (ready(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} never happened`);
}

async function start(): Promise<void> {
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
  token = String((await call('POST /api/user/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).body.accessToken);
}

async function stop(): Promise<void> {
  await system?.stop();
  system = undefined;
}

function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const period = { from: dateIn(-10), to: dateIn(-1) };

/** What reporting says of the organisation: employees, schedules, leave, work days and accounts (their last sign-in aside: see below). */
async function reports(): Promise<Record<string, unknown>> {
  const get = async (key: ApiRouteKey, query: Record<string, string>) => (await call(key, { query: { ...query, pageSize: '100' } })).body;
  const accounts = (await get('GET /api/reports/user-accounts', {})) as { items: Array<Record<string, unknown>> };
  return {
    employees: await get('GET /api/reports/employee-list', {}),
    schedules: await get('GET /api/reports/employee-schedule', { date: dateIn(-1) }),
    leaves: await get('GET /api/reports/employee-leaves', { from: dateIn(-10), to: dateIn(20) }),
    days: await get('GET /api/reports/attendance-overtime', period),
    accounts: accounts.items.map(({ lastSignInAt: _lastSignInAt, ...account }) => account),
  };
}

/** Runs a statement as the database's superuser, the product stopped (the embedded database runs alone meanwhile). */
async function asSuperuser(sql: string): Promise<unknown[]> {
  const database = await startDatabase(dataDir);
  const pool = createPool({ connectionString: `postgres://postgres@${encodeURIComponent(socketDir(dataDir))}/postgres`, max: 1 });
  try {
    return (await pool.query(sql)).rows;
  } finally {
    await pool.end();
    await database.stop();
  }
}

let before: Record<string, unknown>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-history-'));
  await start();
  // The organisation: a company, an employee with an account, a schedule, an approved leave and two recorded days.
  const companyId = idOf(await call('POST /api/companies', { body: { name: 'History Co' } }));
  const departmentId = idOf(await call('POST /api/departments', { body: { name: 'Floor', companyId } }));
  const jobTitleId = idOf(await call('POST /api/job-titles', { body: { name: 'Operator', departmentId, companyId } }));
  const leaveTypeId = idOf(await call('POST /api/leave-types', { body: { name: 'Annual', companyId } }));
  const leaveGroupId = idOf(
    await call('POST /api/leave-groups', { body: { name: 'Staff', description: 'Everyone', status: 'active', privileges: [leaveTypeId], companyId } }),
  );
  const email = 'hana.hist@history.example';
  const employee = await call('POST /api/employees', {
    body: {
      firstName: 'Hana',
      lastName: 'Hist',
      gender: 'FEMALE',
      email,
      nationalId: 'HI-1',
      birthday: '1991-05-06',
      companyId,
      departmentId,
      jobTitleId,
      leaveGroupId,
      employmentType: 'regular',
    },
  });
  expect(employee.status).toBe(201);
  const employeeId = idOf(employee);
  const schedule = await until(
    () =>
      call('POST /api/schedules', {
        body: { employeeId, startTime: '09:00:00.000Z', offTime: '17:00:00.000Z', totalHours: 7, restDays: [], fromDate: dateIn(-20) },
      }),
    (answer) => answer.status === 201,
    'the schedule',
  );
  expect(schedule.status).toBe(201);
  await call('PUT /api/settings/sign-up', { body: { enabled: true } });
  await call('POST /api/sign-up', { body: { name: 'Hana Hist', email, password: PASSWORD, confirmPassword: PASSWORD } });
  // Sign-up answers alike for a new and a known address (issue 30, L-9): the session comes from signing in.
  const own = String((await call('POST /api/user/login', { body: { email, password: PASSWORD } })).body.accessToken);
  const leave = await until(
    () => call('POST /api/me/leaves', { token: own, body: { leaveTypeId, from: dateIn(10), to: dateIn(10), reason: 'Visit', returnDate: dateIn(11) } }),
    (answer) => answer.status === 201,
    'the leave request',
  );
  expect((await call('PUT /api/leaves/:id/decision', { id: idOf(leave), body: { status: 'approved', comment: 'Enjoy' } })).status).toBe(200);
  for (const [workDate, timeOut] of [
    [dateIn(-3), '17:40'],
    [dateIn(-2), '16:30'],
  ] as const) {
    const recorded = await until(
      () =>
        call('POST /api/attendance', {
          body: { employeeId, workDate, timeIn: `${workDate}T09:12:00.000Z`, timeOut: `${workDate}T${timeOut}:00.000Z`, reason: 'Kiosk was down' },
        }),
      (answer) => answer.status === 201,
      'the recorded day',
    );
    expect(recorded.status).toBe(201);
  }
  // What a reporting that was there from the start says, once it has heard everything.
  before = await until(
    reports,
    (value) => JSON.stringify(value.days).includes('Kiosk was down') && JSON.stringify(value.leaves).includes('approved'),
    'the reports',
  );
  await stop();
}, 300_000);

afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('reporting on an embedded installation whose data predates it', () => {
  it('asks the other services for their state and reports what they hold: employees, schedules, leave, work days, accounts', { timeout: 180_000 }, async () => {
    await asSuperuser('DROP SCHEMA reporting CASCADE');
    await start();
    const after = await until(reports, (value) => JSON.stringify(value) === JSON.stringify(before), 'reports equal to those of before');
    expect(after).toEqual(before);
    expect((before.days as { items: unknown[] }).items.length).toBeGreaterThan(2);
    await stop();
  });

  it('does not ask again on the next start, nor count anything twice', { timeout: 180_000 }, async () => {
    await start();
    expect(await reports()).toEqual(before);
    await stop();
    expect(await asSuperuser('SELECT cardinality(answered) AS owners FROM reporting.history_requests')).toEqual([{ owners: 5 }]);
  });
});
