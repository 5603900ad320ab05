import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoute, everyPermission, KIOSK_TOKEN_HEADER, type ApiRouteKey, type EmployeeDataExport } from '@ams/contracts';
import { createPool } from '@ams/db';
import { portraitOf } from '@ams/face/testing';
import { readWorkbook } from '@ams/spreadsheet/testing';
import { loadEmbeddedConfig } from './config.ts';
import { appDatabases, socketDir } from './database.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Owner-pass-1';
const PASSWORD = 'Valid-pass-1';
// Names no fixture of the product holds, so finding them anywhere means they were kept.
const FIRST_NAME = 'Zebulonia';
const LAST_NAME = 'Quixmarsh';
const EMAIL = 'zebulonia.quixmarsh@erase.example';
const PHONE = '+351 912 345 678';
const LEAVE_REASON = 'Family visit to Ulvenhout';
const FEEDBACK = 'The kiosk beeps too loudly at Ulvenhout';
const CARD = 'ZQ77310042';

let dataDir: string;
let system: EmbeddedSystem;

interface Answer {
  status: number;
  body: unknown;
  bytes: Buffer;
}

async function call(
  key: ApiRouteKey,
  options: { token?: string; id?: string; query?: Record<string, string>; body?: unknown; raw?: Buffer; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const route = apiRoute(key);
  const url = `${system.url}${route.path.replace(':id', options.id ?? 'missing-id')}${options.query ? `?${new URLSearchParams(options.query).toString()}` : ''}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array | undefined;
  if (options.raw) {
    headers['content-type'] = 'image/jpeg';
    body = new Uint8Array(options.raw);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method: route.method, headers, ...(body === undefined ? {} : { body }) });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(bytes.toString('utf8')) as unknown) : null;
  return { status: response.status, body: json, bytes };
}

function field(answer: Answer, name: string): string {
  const value = (answer.body as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' ? value : '';
}

async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean, what: string, attempts = 100): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < attempts && !ready(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  if (!ready(value)) throw new Error(`${what} never happened: ${JSON.stringify(value)}`);
  return value;
}

/**
 * Every row of every table of every app's database whose text holds one of the needles, as
 * "app.table". The outbox counts too: its published rows are kept for days before the relay prunes them.
 */
async function rowsHolding(needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  // The superuser's connection to the one embedded database: every app's schema.
  const pool = createPool({ connectionString: `postgres://postgres@${encodeURIComponent(socketDir(dataDir))}/postgres`, max: 1 });
  try {
    const { rows: tables } = await pool.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema = ANY($1)`,
      [appDatabases.map((app) => app.schema)],
    );
    for (const table of tables) {
      const { rows } = await pool.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM "${table.schema}"."${table.name}" t WHERE ${needles.map((_, index) => `t::text ILIKE $${index + 1}`).join(' OR ')}`,
        needles.map((needle) => `%${needle}%`),
      );
      if ((rows[0]?.count ?? 0) > 0) found.push(`${appDatabases.find((app) => app.schema === table.schema)?.name ?? table.schema}.${table.name}`);
    }
  } finally {
    await pool.end();
  }
  return found.sort();
}

function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

interface Fixture {
  token: string;
  companyId: string;
  employeeId: string;
  placement: { companyId: string; departmentId: string; jobTitleId: string; leaveGroupId: string };
  kioskHeaders: Record<string, string>;
}

/** A company and an employee with everything the product can hold about a person: account, photo, PIN, schedule, leave, punches. */
async function employeeWithEverything(): Promise<Fixture> {
  const token = field(await call('POST /api/user/login', { body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } }), 'accessToken');
  const companyId = field(await call('POST /api/companies', { token, body: { name: 'Erasure Co' } }), 'id');
  const departmentId = field(await call('POST /api/departments', { token, body: { name: 'Floor', companyId } }), 'id');
  const jobTitleId = field(await call('POST /api/job-titles', { token, body: { name: 'Operator', departmentId, companyId } }), 'id');
  const leaveTypeId = field(await call('POST /api/leave-types', { token, body: { name: 'Annual', companyId } }), 'id');
  const leaveGroupId = field(
    await call('POST /api/leave-groups', { token, body: { name: 'Staff', description: 'Everyone', status: 'active', privileges: [leaveTypeId], companyId } }),
    'id',
  );
  const employee = await call('POST /api/employees', {
    token,
    body: {
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      gender: 'FEMALE',
      email: EMAIL,
      nationalId: 'ER-1',
      phoneNumber: PHONE,
      birthday: '1990-04-02',
      address: '12 Rua Quixmarsh',
      companyId,
      departmentId,
      jobTitleId,
      leaveGroupId,
      employmentType: 'regular',
      rfidCard: CARD,
    },
  });
  expect(employee.status).toBe(201);
  const employeeId = field(employee, 'id');
  expect((await call('PUT /api/employees/:id/pin', { token, id: employeeId, body: { pin: '246802' } })).status).toBe(200);
  expect((await call('PUT /api/employees/:id/image', { token, id: employeeId, raw: await portraitOf('sample1-left') })).status).toBe(200);
  await call('POST /api/schedules', {
    token,
    body: { employeeId, startTime: '00:00:00.000Z', offTime: '23:59:00.000Z', totalHours: 8, restDays: [], fromDate: dateIn(-30) },
  });
  // The employee's own account, linked to the record by email.
  await call('PUT /api/settings/sign-up', { token, body: { enabled: true } });
  // Sign-up answers alike for a new and a known address (issue 30, L-9): the session comes from signing in after it.
  expect(
    (await call('POST /api/sign-up', { body: { name: `${FIRST_NAME} ${LAST_NAME}`, email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD } })).status,
  ).toBe(200);
  const own = field(await call('POST /api/user/login', { body: { email: EMAIL, password: PASSWORD } }), 'accessToken');
  expect(own).not.toBe('');
  // A mistyped password: the sign-in throttle and the security log now name her address.
  expect((await call('POST /api/user/login', { body: { email: EMAIL, password: 'Wrong-pass-1' } })).status).toBe(401);
  const leave = await until(
    () => call('POST /api/me/leaves', { token: own, body: { leaveTypeId, from: dateIn(14), to: dateIn(14), reason: LEAVE_REASON, returnDate: dateIn(15) } }),
    (answer) => answer.status === 201,
    'the leave request',
  );
  expect(leave.status).toBe(201);
  expect((await call('POST /api/feedback', { token: own, body: { category: 'idea', message: FEEDBACK, page: '/personal/leave' } })).status).toBe(201);
  // A day clocked at the kiosk and one recorded by an admin: 8 worked hours to keep.
  const kiosk = await call('POST /api/kiosk-devices', { token, body: { name: 'Door', companyId } });
  const headers = { [KIOSK_TOKEN_HEADER]: field(kiosk, 'token') };
  const ticket = await until(
    () => call('POST /api/clock/identify/pin', { headers, body: { identifier: 'ER-1', pin: '246802' } }),
    (answer) => answer.status === 200,
    'the PIN identification',
  );
  expect(
    (await call('POST /api/clock/punch', { headers, body: { ticket: field(ticket, 'ticket'), action: 'check-in', commandId: crypto.randomUUID() } })).status,
  ).toBe(200);
  // Her card identifies her where the company takes cards.
  expect((await call('PUT /api/settings', { token, body: { companyId, rfidClock: true } })).status).toBe(200);
  await until(
    () => call('POST /api/clock/identify/card', { headers, body: { card: CARD } }),
    (answer) => answer.status === 200,
    'the card identification',
  );
  const workDate = dateIn(-3);
  const recorded = await until(
    () =>
      call('POST /api/attendance', {
        token,
        body: { employeeId, workDate, timeIn: `${workDate}T09:00:00.000Z`, timeOut: `${workDate}T17:00:00.000Z`, reason: 'Forgot to clock' },
      }),
    (answer) => answer.status === 201,
    'the recorded day',
  );
  expect(recorded.status).toBe(201);
  return { token, companyId, employeeId, placement: { companyId, departmentId, jobTitleId, leaveGroupId }, kioskHeaders: headers };
}

let fixture: Fixture;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-erasure-'));
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
  fixture = await employeeWithEverything();
}, 300_000);

afterAll(async () => {
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const exportOf = async (): Promise<EmployeeDataExport> =>
  (await call('GET /api/employees/:id/data-export', { token: fixture.token, id: fixture.employeeId })).body as EmployeeDataExport;
const workedHours = async (): Promise<number> => {
  const report = await call('GET /api/reports/consolidated-overtime', {
    token: fixture.token,
    query: { companyId: fixture.companyId, from: dateIn(-10), to: dateIn(0) },
  });
  return (report.body as { totals: { workedHours: number } }).totals.workedHours;
};

describe("an employee's data export and erasure on request, through the API", () => {
  it('exports the record, account, schedule, leave and work days as JSON and as a readable workbook', async () => {
    const data = await until(exportOf, (value) => value.leaves?.length === 1 && value.workDays?.length === 2 && value.userAccounts?.length === 1, 'the export');
    expect(data.employee).toMatchObject({
      employeeId: fixture.employeeId,
      firstName: FIRST_NAME,
      lastName: LAST_NAME,
      email: EMAIL,
      phoneNumber: PHONE,
      hasImage: true,
      companyName: 'Erasure Co',
    });
    expect(data.userAccounts[0]).toMatchObject({ email: EMAIL, accountType: 'Employee' });
    expect(data.schedules).toHaveLength(1);
    expect(data.leaves[0]).toMatchObject({ leaveType: 'Annual', status: 'pending' });

    const workbook = await call('GET /api/employees/:id/data-export/xlsx', { token: fixture.token, id: fixture.employeeId });
    expect(workbook.status).toBe(200);
    const [sheet] = await readWorkbook(workbook.bytes);
    expect(sheet?.rows[0]).toEqual(['Section', 'Item', 'Field', 'Value']);
    expect(sheet?.rows).toContainEqual(['employee', null, 'lastName', LAST_NAME]);
    expect(sheet?.rows).toContainEqual(['leaves', 1, 'leaveType', 'Annual']);
  });

  it('refuses the export of an employee the caller cannot see, and an erasure to an Admin without employee.delete', async () => {
    expect((await call('GET /api/employees/:id/data-export', { token: fixture.token, id: crypto.randomUUID() })).status).toBe(404);
    expect((await call('POST /api/employees/:id/erase', { id: fixture.employeeId })).status).toBe(401);
  });

  it('refuses (403) an Admin the erasure of an employee whose account is more privileged, as it refuses changing that account, and leaves the account alone', async () => {
    const { token, placement } = fixture;
    const record = await call('POST /api/employees', {
      token,
      body: {
        firstName: 'Fulvia',
        lastName: 'Admin',
        gender: 'FEMALE',
        email: 'fulvia@erase.example',
        nationalId: 'ER-2',
        employmentType: 'regular',
        ...placement,
      },
    });
    expect(record.status).toBe(201);
    const role = async (name: string, permissions: unknown) =>
      field(await call('POST /api/roles', { token, body: { name, companyId: placement.companyId, userType: 'admin', permissions } }), 'id');
    const account = async (email: string, roleId: string, employeeId?: string) =>
      call('POST /api/users', {
        token,
        body: {
          name: email,
          email,
          accountType: 'Admin',
          roleId,
          status: 'enabled',
          companyId: placement.companyId,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          ...(employeeId ? { employeeId } : {}),
        },
      });
    const fullRole = await role('Everything', everyPermission);
    // Identity links the account once it has heard of the record.
    const full = await until(
      () => account('fulvia@erase.example', fullRole, field(record, 'id')),
      (answer) => answer.status === 201,
      'the full Admin',
    );
    const narrowRole = await role('Erasers', { employee: ['read', 'delete'], user: ['read', 'update'] });
    expect((await account('narrow@erase.example', narrowRole)).status).toBe(201);
    const signIn = (email: string) => call('POST /api/user/login', { body: { email, password: PASSWORD } });
    const narrow = field(await signIn('narrow@erase.example'), 'accessToken');
    // Both accounts have reached the gateway once each can be used there.
    await until(
      () => call('GET /api/me', { token: narrow }),
      (answer) => answer.status === 200,
      'the narrow Admin at the gateway',
    );
    await until(
      async () => call('GET /api/me', { token: field(await signIn('fulvia@erase.example'), 'accessToken') }),
      (answer) => answer.status === 200,
      'the full Admin at the gateway',
    );

    const disable = await call('PATCH /api/users/:id', { token: narrow, id: field(full, 'id'), body: { status: 'disabled' } });
    expect(disable).toMatchObject({ status: 403, body: { messageKey: 'cannotManageMorePrivileged' } });
    const erase = await call('POST /api/employees/:id/erase', { token: narrow, id: field(record, 'id') });
    expect(erase).toMatchObject({ status: 403, body: { messageKey: 'cannotManageMorePrivileged' } });

    // Nothing happened: the record keeps its name, the account its name and access.
    expect((await call('GET /api/employees/:id', { token, id: field(record, 'id') })).body).toMatchObject({ firstName: 'Fulvia' });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await call('GET /api/users/:id', { token, id: field(full, 'id') })).body).toMatchObject({ name: 'fulvia@erase.example', status: 'enabled' });
    expect((await signIn('fulvia@erase.example')).status).toBe(200);
  }, 60_000);

  it('replaces the name and personal data with a pseudonym in every service, keeping the attendance totals', async () => {
    const hoursBefore = await until(workedHours, (hours) => hours >= 8, 'the worked hours');
    // Her words too: the reason of her leave request and the feedback she sent.
    const needles = [FIRST_NAME, LAST_NAME, EMAIL, PHONE, LEAVE_REASON, FEEDBACK, CARD];
    // Her card in people, attendance and reporting; her address in identity's throttle and security log; all of it in the outboxes.
    expect(await rowsHolding(needles)).toEqual(
      expect.arrayContaining([
        'attendance.kiosk_identities',
        'people.employees',
        'reporting.employees',
        'identity.login_throttle',
        'identity.audit_log',
        'people.outbox',
        'identity.outbox',
        'leave.outbox',
      ]),
    );

    const erased = await call('POST /api/employees/:id/erase', { token: fixture.token, id: fixture.employeeId });
    expect(erased.status).toBe(200);
    const pseudonym = `Erased employee ${fixture.employeeId.replaceAll('-', '').slice(0, 4)}`;
    expect(erased.body).toMatchObject({
      fullName: pseudonym,
      phoneNumber: null,
      birthday: null,
      address: null,
      image: null,
      faceEnrolled: false,
      hasPin: false,
    });

    expect(
      await until(
        () => rowsHolding(needles),
        (found) => found.length === 0,
        'the erasure everywhere',
        10,
      ),
    ).toEqual([]);
    expect(await workedHours()).toBe(hoursBefore);
    const after = await until(exportOf, (value) => value.userAccounts[0]?.name === pseudonym, 'the pseudonym in the export');
    expect(after.employee).toMatchObject({ firstName: 'Erased employee', hasImage: false, phoneNumber: null });
    expect(after.workDays).toHaveLength(2);
    // The account is closed: its old address signs nobody in.
    expect((await call('POST /api/user/login', { body: { email: EMAIL, password: PASSWORD } })).status).toBeGreaterThanOrEqual(400);
    // Nor does her card (or her PIN) clock anyone in at the kiosk: no ticket, so no punch.
    const byCard = await call('POST /api/clock/identify/card', { headers: fixture.kioskHeaders, body: { card: CARD } });
    expect(byCard).toMatchObject({ status: 401, body: { messageKey: 'cardNotRecognized' } });
    expect((await call('POST /api/clock/identify/pin', { headers: fixture.kioskHeaders, body: { identifier: 'ER-1', pin: '246802' } })).status).toBe(401);
    const punch = await call('POST /api/clock/punch', {
      headers: fixture.kioskHeaders,
      body: { ticket: field(byCard, 'ticket') || 'none', action: 'check-out', commandId: crypto.randomUUID() },
    });
    expect(punch.status).toBe(401);
    // The export, its workbook and the employee list no longer show the card.
    expect(JSON.stringify(after)).not.toContain(CARD);
    const workbook = await call('GET /api/employees/:id/data-export/xlsx', { token: fixture.token, id: fixture.employeeId });
    expect(JSON.stringify((await readWorkbook(workbook.bytes))[0]?.rows)).not.toContain(CARD);
    const list = await call('GET /api/reports/employee-list', { token: fixture.token, query: { companyId: fixture.companyId } });
    expect(list.status).toBe(200);
    expect(list.bytes.toString('utf8')).not.toContain(CARD);
  }, 120_000);
});
