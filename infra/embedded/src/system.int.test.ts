import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, isAllowed, type AccessSubject, type ApiRoute, type Employee, type Permissions } from '@ams/contracts';
import { movingFramesOf, portraitOf } from '@ams/face/testing';
import { loadEmbeddedConfig } from './config.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Owner-pass-1';
const PASSWORD = 'Valid-pass-1';
/** The company of the personas' accounts, created through the API first. */
let personaCompany = '';

let dataDir: string;
let system: EmbeddedSystem;

interface Persona {
  name: string;
  token: string | null;
  subject: AccessSubject | null;
}

async function api(method: string, path: string, options: { token?: string | null; body?: unknown } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${system.url}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
}

async function signIn(email: string, password: string): Promise<{ token: string; permissions: Permissions; accountType: string }> {
  const response = await api('POST', '/api/user/login', { body: { email, password } });
  expect(response.status, `sign-in of ${email}`).toBe(200);
  const body = (await response.json()) as { accessToken: string; user: { role: Permissions; account_type: string } };
  return { token: body.accessToken, permissions: body.user.role, accountType: body.user.account_type };
}

async function roleId(token: string, name: string): Promise<string> {
  const body = (await (await api('GET', `/api/roles?search=${encodeURIComponent(name)}`, { token })).json()) as { items: Array<{ id: string; name: string }> };
  const role = body.items.find((item) => item.name === name);
  if (!role) throw new Error(`No role ${name}`);
  return role.id;
}

async function createUser(
  token: string,
  email: string,
  accountType: string,
  role: string,
  companyId = personaCompany,
  employeeId: string | null = null,
): Promise<string> {
  const response = await api('POST', '/api/users', {
    token,
    body: { name: email, email, accountType, roleId: role, status: 'enabled', companyId, employeeId, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(response.status, `create ${email}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A concrete URL and a body for a route (the values need not be valid: only the gate is under test). */
function requestFor(route: ApiRoute): { path: string; body?: unknown } {
  const path = route.path.replace(':id', '00000000-0000-4000-8000-000000000000');
  return route.method === 'GET' || route.method === 'DELETE' ? { path } : { path, body: {} };
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-system-'));
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
});

afterAll(async () => {
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the product through the gateway (embedded mode)', () => {
  const personas: Persona[] = [];

  beforeAll(async () => {
    const root = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const company = await api('POST', '/api/companies', { token: root.token, body: { name: 'Acme' } });
    expect(company.status).toBe(201);
    personaCompany = ((await company.json()) as { id: string }).id;
    const empty = await api('POST', '/api/roles', {
      token: root.token,
      body: { name: 'Nothing', companyId: personaCompany, userType: 'admin', permissions: {} },
    });
    expect(empty.status).toBe(201);
    await createUser(root.token, 'full.admin@example.com', 'Admin', await roleId(root.token, 'Admin'));
    await createUser(root.token, 'bare.admin@example.com', 'Admin', await roleId(root.token, 'Nothing'));
    await createUser(root.token, 'employee@example.com', 'Employee', await roleId(root.token, 'Employee'));
    for (const [name, email, password] of [
      ['SuperAdmin', ADMIN_EMAIL, ADMIN_PASSWORD],
      ['Admin with the permissions', 'full.admin@example.com', PASSWORD],
      ['Admin without permissions', 'bare.admin@example.com', PASSWORD],
      ['Employee', 'employee@example.com', PASSWORD],
    ] as const) {
      const session = await signIn(email, password);
      personas.push({ name, token: session.token, subject: { accountType: session.accountType, permissions: session.permissions } });
    }
    personas.push({ name: 'anonymous', token: null, subject: null });
  });

  it('lets the SuperAdmin manage users and roles', async () => {
    const root = personas[0] as Persona;
    const role = await api('POST', '/api/roles', {
      token: root.token,
      body: { name: 'Auditor', companyId: personaCompany, userType: 'admin', permissions: { report: ['read'] } },
    });
    expect(role.status).toBe(201);
    const { id } = (await role.json()) as { id: string };
    const user = await createUser(root.token as string, 'auditor@example.com', 'Admin', id);
    const renamed = await api('PATCH', `/api/users/${user}`, { token: root.token, body: { name: 'Audrey' } });
    expect(((await renamed.json()) as { name: string }).name).toBe('Audrey');
    expect((await api('DELETE', `/api/roles/${id}`, { token: root.token })).status).toBe(409);
    expect((await api('DELETE', `/api/users/${user}`, { token: root.token })).status).toBe(204);
    expect((await api('DELETE', `/api/roles/${id}`, { token: root.token })).status).toBe(204);
  });

  it('answers every route of the table per persona as the access rule says: through, 401 or 403', async () => {
    const routes = (apiRoutes as readonly ApiRoute[]).filter((route) => route.path !== '/api/sign-out');
    const outcomes: string[] = [];
    for (const route of routes) {
      for (const persona of personas) {
        const { path, body } = requestFor(route);
        const response = await api(route.method, path, { token: persona.token, body });
        const allowed = isAllowed(persona.subject, route.access);
        const expected = allowed ? 'through' : persona.subject ? '403' : '401';
        // The gateway's 401 asks for a bearer token (www-authenticate); a service's own 401 (a kiosk token it does
        // not know) means the request went through.
        const refusedByGateway = (response.status === 401 && response.headers.has('www-authenticate')) || response.status === 403;
        const actual = refusedByGateway ? String(response.status) : 'through';
        outcomes.push(`${route.method} ${route.path} as ${persona.name}: ${actual === expected ? 'ok' : `expected ${expected}, got ${response.status}`}`);
      }
    }
    expect(outcomes.filter((outcome) => !outcome.endsWith(': ok'))).toEqual([]);
    expect(outcomes).toHaveLength(routes.length * personas.length);
  });

  it('refuses an Employee the users list and lets it read its own account', async () => {
    const employee = personas[3] as Persona;
    expect((await api('GET', '/api/users', { token: employee.token })).status).toBe(403);
    const me = await api('GET', '/api/me', { token: employee.token });
    expect(((await me.json()) as { email: string }).email).toBe('employee@example.com');
  });

  it('refuses a token at once after sign-out, after the user was disabled and after a password change', async () => {
    const root = personas[0] as Persona;
    await createUser(root.token as string, 'leaver@example.com', 'Admin', await roleId(root.token as string, 'Admin'));

    const signedOut = await signIn('leaver@example.com', PASSWORD);
    expect((await api('POST', '/api/sign-out', { token: signedOut.token })).status).toBe(200);
    expect((await api('GET', '/api/me', { token: signedOut.token })).status).toBe(401);

    const beforePasswordChange = await signIn('leaver@example.com', PASSWORD);
    const changed = await api('POST', '/api/me/password', {
      token: beforePasswordChange.token,
      body: { currentPassword: PASSWORD, newPassword: 'Changed-pass-2', confirmPassword: 'Changed-pass-2' },
    });
    expect(changed.status).toBe(200);
    const { accessToken } = (await changed.json()) as { accessToken: string };
    expect((await api('GET', '/api/me', { token: beforePasswordChange.token })).status).toBe(401);
    expect((await api('GET', '/api/me', { token: accessToken })).status).toBe(200);

    const leaver = (await (await api('GET', '/api/users?search=leaver', { token: root.token })).json()) as { items: Array<{ id: string }> };
    const disabled = await api('PATCH', `/api/users/${leaver.items[0]?.id}`, { token: root.token, body: { status: 'disabled' } });
    expect(disabled.status).toBe(200);
    expect((await api('GET', '/api/me', { token: accessToken })).status).toBe(401);
  });

  it('ends the session of a user whose role or company an administrator changed, and the 401 says why', async () => {
    const root = personas[0] as Persona;
    const otherCompany = ((await (await api('POST', '/api/companies', { token: root.token, body: { name: 'Elsewhere' } })).json()) as { id: string }).id;
    const userId = await createUser(root.token as string, 'moved@example.com', 'Admin', await roleId(root.token as string, 'Admin'));
    const problemOf = async (token: string) => {
      const response = await api('GET', '/api/me', { token });
      return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { reason?: string; messageKey?: string } };
    };

    const beforeRoleChange = await signIn('moved@example.com', PASSWORD);
    const changed = await api('PATCH', `/api/users/${userId}`, { token: root.token, body: { roleId: await roleId(root.token as string, 'Nothing') } });
    expect(changed.status).toBe(200);
    expect(await problemOf(beforeRoleChange.token)).toMatchObject({
      status: 401,
      type: expect.stringContaining('application/problem+json'),
      body: { reason: 'role-changed', messageKey: 'sessionEndedRoleChanged' },
    });

    const beforeMove = await signIn('moved@example.com', PASSWORD);
    expect((await api('GET', '/api/me', { token: beforeMove.token })).status).toBe(200);
    const moved = await api('PATCH', `/api/users/${userId}`, {
      token: root.token,
      body: { companyId: otherCompany, roleId: await roleId(root.token as string, 'Admin') },
    });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await problemOf(beforeMove.token)).toMatchObject({ status: 401, body: { reason: 'role-changed' } });

    const beforeCompanyOnly = await signIn('moved@example.com', PASSWORD);
    expect((await api('PATCH', `/api/users/${userId}`, { token: root.token, body: { companyId: personaCompany } })).status).toBe(200);
    expect(await problemOf(beforeCompanyOnly.token)).toMatchObject({
      status: 401,
      body: { reason: 'company-changed', messageKey: 'sessionEndedCompanyChanged' },
    });

    const beforeDisable = await signIn('moved@example.com', PASSWORD);
    expect((await api('PATCH', `/api/users/${userId}`, { token: root.token, body: { status: 'disabled' } })).status).toBe(200);
    expect(await problemOf(beforeDisable.token)).toMatchObject({ status: 401, body: { reason: 'account-disabled' } });
  });

  it('refuses the SuperAdmin every personal-area route (spec §6), but not its own account', async () => {
    const root = personas[0] as Persona;
    for (const path of ['/api/me/attendance', '/api/me/leaves', '/api/me/schedules']) {
      expect((await api('GET', path, { token: root.token })).status, path).toBe(403);
    }
    expect((await api('GET', '/api/me', { token: root.token })).status).toBe(200);
  });

  it('lets an Admin build its company and enrol an employee with photo and PIN, with the spec messages for bad input', async () => {
    const root = personas[0] as Persona;
    const company = await api('POST', '/api/companies', { token: root.token, body: { name: 'Initech' } });
    expect(company.status).toBe(201);
    const companyId = ((await company.json()) as { id: string }).id;
    await createUser(root.token as string, 'hr@initech.example', 'Admin', await roleId(root.token as string, 'Admin'), companyId);
    const admin = await signIn('hr@initech.example', PASSWORD);
    const create = async (path: string, body: object): Promise<string> => {
      const response = await api('POST', path, { token: admin.token, body });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    expect((await api('POST', '/api/companies', { token: admin.token, body: { name: 'Not mine' } })).status).toBe(403);
    const departmentId = await create('/api/departments', { name: 'Engineering', companyId });
    const jobTitleId = await create('/api/job-titles', { name: 'Engineer', departmentId, companyId });
    const leaveTypeId = await create('/api/leave-types', { name: 'Vacation', companyId });
    const leaveGroupId = await create('/api/leave-groups', {
      name: 'Engineers',
      description: 'All engineers',
      status: 'active',
      privileges: [leaveTypeId],
      companyId,
    });
    const fields = {
      lastName: 'Gibbons',
      gender: 'MALE',
      email: 'peter@initech.example',
      nationalId: 'IN-1',
      companyId,
      departmentId,
      jobTitleId,
      leaveGroupId,
      employmentType: 'regular',
    };

    const invalid = await api('POST', '/api/employees', { token: admin.token, body: fields });
    expect(await invalid.json()).toMatchObject({ status: 400, detail: 'First name is required' });
    const badPin = await api('POST', '/api/employees', { token: admin.token, body: { ...fields, firstName: 'Peter', pin: '12ab' } });
    expect(await badPin.json()).toMatchObject({ status: 400, detail: 'PIN must be 6 to 50 numeric digits' });
    const employeeId = await create('/api/employees', { ...fields, firstName: 'Peter', pin: '135792' });

    const photo = await fetch(`${system.url}/api/employees/${employeeId}/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await portraitOf('sample3-right')),
    });
    expect(photo.status, await photo.clone().text()).toBe(200);
    const enrolled = (await photo.json()) as Employee;
    expect(enrolled).toMatchObject({ fullName: 'Peter Gibbons', hasPin: true, faceEnrolled: true, companyName: 'Initech' });
    const thumbnail = await api('GET', enrolled.thumbnail as string, { token: admin.token });
    expect(thumbnail.headers.get('content-type')).toBe('image/webp');
    const listed = (await (await api('GET', '/api/employees?search=gibbons', { token: admin.token })).json()) as { items: Employee[] };
    expect(listed.items.map((item) => item.id)).toEqual([employeeId]);
  });

  it('lets an Admin assign a schedule and decide the leave its employee requests, each seeing the other’s part', async () => {
    const root = personas[0] as Persona;
    const companyId = ((await (await api('POST', '/api/companies', { token: root.token, body: { name: 'Umbrella' } })).json()) as { id: string }).id;
    await createUser(root.token as string, 'hr@umbrella.example', 'Admin', await roleId(root.token as string, 'Admin'), companyId);
    const admin = await signIn('hr@umbrella.example', PASSWORD);
    const create = async (path: string, body: object): Promise<string> => {
      const response = await api('POST', path, { token: admin.token, body });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const departmentId = await create('/api/departments', { name: 'Labs', companyId });
    const jobTitleId = await create('/api/job-titles', { name: 'Researcher', departmentId, companyId });
    const leaveTypeId = await create('/api/leave-types', { name: 'Annual', companyId });
    const leaveGroupId = await create('/api/leave-groups', { name: 'Staff', description: 'Everyone', status: 'active', privileges: [leaveTypeId], companyId });
    const employeeId = await create('/api/employees', {
      firstName: 'Alice',
      lastName: 'Abernathy',
      gender: 'FEMALE',
      email: 'alice@umbrella.example',
      nationalId: 'UM-1',
      companyId,
      departmentId,
      jobTitleId,
      leaveGroupId,
      employmentType: 'regular',
    });
    const account = await api('POST', '/api/users', {
      token: root.token,
      body: {
        name: 'Alice',
        email: 'alice@umbrella.example',
        accountType: 'Employee',
        roleId: await roleId(root.token as string, 'Employee'),
        status: 'enabled',
        companyId,
        employeeId,
        password: PASSWORD,
        confirmPassword: PASSWORD,
      },
    });
    expect(account.status).toBe(201);

    // Monday to Friday, 22:00 to 06:00: an overnight shift of 8 hours.
    await create('/api/schedules', {
      employeeId,
      startTime: '22:00:00.000Z',
      offTime: '06:00:00.000Z',
      totalHours: 8,
      restDays: ['saturday', 'sunday'],
      fromDate: '2026-11-02',
    });
    const alice = await signIn('alice@umbrella.example', PASSWORD);
    const mine = (await (await api('GET', '/api/me/schedules', { token: alice.token })).json()) as {
      current: { overnight: boolean; restDays: string[] } | null;
    };
    expect(mine.current).toMatchObject({ overnight: true, restDays: ['saturday', 'sunday'] });

    // Friday 2026-12-04 to Tuesday 2026-12-08: the weekend does not count.
    const requested = await api('POST', '/api/me/leaves', {
      token: alice.token,
      body: { leaveTypeId, from: '2026-12-04', to: '2026-12-08', reason: 'Family visit', returnDate: '2026-12-09' },
    });
    expect(requested.status, await requested.clone().text()).toBe(201);
    const leave = (await requested.json()) as { id: string; workingDays: number; status: string };
    expect(leave).toMatchObject({ workingDays: 3, status: 'pending' });
    expect((await api('GET', `/api/leaves/${leave.id}`, { token: alice.token })).status).toBe(403);

    const decided = await api('PUT', `/api/leaves/${leave.id}/decision`, { token: admin.token, body: { status: 'approved', comment: 'Enjoy' } });
    expect(decided.status, await decided.clone().text()).toBe(200);
    const seen = (await (await api('GET', `/api/me/leaves/${leave.id}`, { token: alice.token })).json()) as { status: string; comment: string };
    expect(seen).toMatchObject({ status: 'approved', comment: 'Enjoy' });
    const late = await api('PUT', `/api/me/leaves/${leave.id}`, {
      token: alice.token,
      body: { leaveTypeId, from: '2026-12-04', to: '2026-12-07', reason: 'Shorter', returnDate: '2026-12-08' },
    });
    expect(late.status).toBe(409);
  });

  it('clocks an enrolled employee in by face and by ID + PIN at the kiosk, refuses with the spec messages, and shows the day to admin and employee', async () => {
    const root = personas[0] as Persona;
    const companyId = ((await (await api('POST', '/api/companies', { token: root.token, body: { name: 'Kiosk Co' } })).json()) as { id: string }).id;
    const create = async (path: string, body: object): Promise<string> => {
      const response = await api('POST', path, { token: root.token, body });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const departmentId = await create('/api/departments', { name: 'Floor', companyId });
    const jobTitleId = await create('/api/job-titles', { name: 'Operator', departmentId, companyId });
    const leaveTypeId = await create('/api/leave-types', { name: 'Annual', companyId });
    const leaveGroupId = await create('/api/leave-groups', { name: 'Staff', description: 'Everyone', status: 'active', privileges: [leaveTypeId], companyId });
    const employeeId = await create('/api/employees', {
      firstName: 'Kim',
      lastName: 'Kiosk',
      gender: 'FEMALE',
      email: 'kim@kiosk.example',
      nationalId: 'KK-7',
      companyId,
      departmentId,
      jobTitleId,
      leaveGroupId,
      employmentType: 'regular',
      pin: '246802',
    });
    const photo = await fetch(`${system.url}/api/employees/${employeeId}/image`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${root.token}`, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await portraitOf('sample1-left')),
    });
    expect(photo.status).toBe(200);
    // Every day, all day: the test runs whenever CI does.
    await create('/api/schedules', { employeeId, startTime: '00:00:00.000Z', offTime: '23:59:00.000Z', totalHours: 8, restDays: [], fromDate: '2026-01-01' });

    const punch = async (ticket: string, action: string) => {
      const response = await api('POST', '/api/clock/punch', { body: { ticket, action, commandId: crypto.randomUUID() } });
      return { status: response.status, body: (await response.json()) as { message?: string; detail?: string } };
    };
    const identifyFace = async (person: 'sample1-left' | 'sample5-top') =>
      api('POST', '/api/clock/identify/face', { body: { frames: (await movingFramesOf(person)).map((frame) => frame.toString('base64')) } });
    // This browser is no registered kiosk: faces only once the company allows any browser.
    expect(((await (await identifyFace('sample1-left')).json()) as { status: number }).status).toBe(403);
    const allowed = await api('PUT', '/api/settings', { token: root.token, body: { companyId, faceAtUnregisteredBrowsers: true } });
    expect(allowed.status, await allowed.clone().text()).toBe(200);
    const byFace = await identifyFace('sample1-left');
    expect(byFace.status, await byFace.clone().text()).toBe(200);
    const faceTicket = (await byFace.json()) as { ticket: string; employeeId: string; message: string; photo: string | null };
    // The kiosk shows the thumbnail people enrolled, carried to attendance in employee.FaceEnrolled.
    expect(faceTicket).toMatchObject({ employeeId, message: 'Face recognized!', photo: expect.stringMatching(/^data:image\/webp;base64,/) });
    expect(await punch(faceTicket.ticket, 'check-in')).toMatchObject({ status: 200, body: { message: 'Recorded successfully!' } });

    const stranger = await identifyFace('sample5-top');
    // Nobody enrolled anywhere in this installation (sample3-right is Peter of Initech, above).
    expect(((await stranger.json()) as { detail: string }).detail).toBe('Face not recognized, please enter your PIN.');

    const pinTicket = async () => {
      const response = await api('POST', '/api/clock/identify/pin', { body: { identifier: 'KK-7', pin: '246802' } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { ticket: string }).ticket;
    };
    expect((await punch(await pinTicket(), 'check-in')).body.detail).toMatch(/^The employee has already checked in today at \d{2}:\d{2}$/);
    expect((await punch(await pinTicket(), 'break-out')).body.detail).toBe('This employee did not start a break.');
    expect((await punch(await pinTicket(), 'break-in')).body.message).toBe('Recorded successfully!');
    expect((await punch(await pinTicket(), 'check-out')).body.detail).toBe('This employee is currently on a break.');
    expect((await punch(await pinTicket(), 'break-out')).body.message).toBe('Recorded successfully!');
    expect((await punch(await pinTicket(), 'break-in')).body.detail).toBe('This employee has already taken a break.');
    expect((await punch(await pinTicket(), 'check-out')).body.message).toBe('Recorded successfully!');
    expect((await punch(await pinTicket(), 'check-in')).body.detail).toMatch(/already checked in today/);
    expect((await punch(await pinTicket(), 'break-in')).body.detail).toBe('This employee has already left work.');
    const wrongPin = await api('POST', '/api/clock/identify/pin', { body: { identifier: 'KK-7', pin: '000000' } });
    expect(wrongPin.status).toBe(401);

    type Day = { id: string; state: string; totalHours: number | null; status: string | null };
    const listed = async (): Promise<Day[]> =>
      ((await (await api('GET', `/api/attendance?employeeId=${employeeId}`, { token: root.token })).json()) as { items: Day[] }).items;
    let days: Day[] = [];
    for (let attempt = 0; attempt < 50 && days[0]?.state !== 'left'; attempt += 1) {
      days = await listed();
      if (days[0]?.state !== 'left') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(days).toHaveLength(1);
    const day = days[0] as Day;
    expect(day).toMatchObject({ state: 'left', arrivalStatus: expect.any(String), departureStatus: expect.any(String) });
    expect(day.totalHours).not.toBeNull();

    await createUser(root.token as string, 'kim@kiosk.example', 'Employee', await roleId(root.token as string, 'Employee'), companyId, employeeId);
    const kim = await signIn('kim@kiosk.example', PASSWORD);
    const mine = (await (await api('GET', '/api/me/attendance', { token: kim.token })).json()) as { items: Day[] };
    expect(mine.items.map((item) => item.id)).toEqual([day.id]);

    const timeIn = new Date(Date.now() - 3_600_000).toISOString();
    const amended = await api('PATCH', `/api/attendance/${day.id}`, {
      token: root.token,
      body: { timeIn, timeOut: new Date().toISOString(), reason: 'Clocked late by mistake' },
    });
    expect(amended.status, await amended.clone().text()).toBe(200);
    const history = (await (await api('GET', `/api/attendance/${day.id}/history`, { token: root.token })).json()) as {
      items: Array<{ type: string; method: string | null; reason: string | null }>;
    };
    expect(history.items.map((item) => item.type)).toEqual(['ClockedIn', 'BreakStarted', 'BreakEnded', 'ClockedOut', 'AttendanceAmended']);
    expect(history.items[0]?.method).toBe('face');
    expect(history.items.at(-1)).toMatchObject({ method: 'admin', reason: 'Clocked late by mistake' });
  });
});
