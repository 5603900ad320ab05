import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoute, apiRouteKey, apiRoutes, KIOSK_TOKEN_HEADER, sealPunch, type ApiRoute, type ApiRouteKey, type SealingKey } from '@ams/contracts';
import { movingFramesOf, portraitOf } from '@ams/face/testing';
import { openApiPath } from '@ams/gateway';
import { loadEmbeddedConfig } from './config.ts';
import { startEmbedded, type EmbeddedSystem } from './embedded.ts';

const ADMIN_EMAIL = 'owner@example.com';
const ADMIN_PASSWORD = 'Owner-pass-1';
const PASSWORD = 'Valid-pass-1';

let dataDir: string;
let system: EmbeddedSystem;

interface Call {
  token?: string | null;
  id?: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A raw body (a photo) of this media type instead of JSON. */
  raw?: { type: string; bytes: Buffer };
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A text field of a JSON answer at `path` (e.g. `device.id`), or '' when the call failed: the next call fails visibly too. */
function textAt(answer: Answer, path: string): string {
  const value = path
    .split('.')
    .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), answer.body);
  return typeof value === 'string' ? value : '';
}
const idOf = (answer: Answer) => textAt(answer, 'id');

/** Every answer of the walk, by route key: what the product really answered. */
const answered = new Map<string, number[]>();

/** Calls a route of the table through the gateway, as a client would, and notes its status. */
async function call(key: ApiRouteKey, options: Call = {}): Promise<Answer> {
  const route: ApiRoute = apiRoute(key);
  const path = route.path.replace(':id', options.id ?? 'missing-id');
  const url = `${system.url}${path}${options.query ? `?${new URLSearchParams(options.query).toString()}` : ''}`;
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: Uint8Array | string | undefined;
  if (options.raw) {
    headers['content-type'] = options.raw.type;
    body = new Uint8Array(options.raw.bytes);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method: route.method, headers, ...(body === undefined ? {} : { body }) });
  answered.set(key, [...(answered.get(key) ?? []), response.status]);
  const type = response.headers.get('content-type') ?? '';
  return { status: response.status, body: type.includes('json') ? await response.json() : await response.arrayBuffer() };
}

/** A calendar date `days` from today (UTC). */
function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function signIn(email: string, password: string): Promise<string> {
  const session = await call('POST /api/user/login', { body: { email, password } });
  return textAt(session, 'accessToken');
}

/** Polls a read (read models follow the event store a moment later) until `ready` holds. */
async function eventually(read: () => Promise<Answer>, ready: (answer: Answer) => boolean): Promise<Answer> {
  let answer = await read();
  for (let attempt = 0; attempt < 50 && !ready(answer); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    answer = await read();
  }
  return answer;
}

/** Uses every route of the table once or more the way a client succeeds with it, from sign-in to clean-up. */
async function walkEveryRoute(): Promise<void> {
  const root = await signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const token = root;
  await call('GET /api/me', { token });
  await call('PATCH /api/me', { token, body: { name: 'Owner' } });

  // The organisation a company needs before it has employees.
  const companyId = idOf(await call('POST /api/companies', { token, body: { name: 'Walk Co' } }));
  await call('GET /api/companies', { token });
  await call('GET /api/companies/:id', { token, id: companyId });
  await call('PUT /api/companies/:id', { token, id: companyId, body: { name: 'Walk Co Ltd' } });
  const department = { name: 'Floor', companyId };
  const departmentId = idOf(await call('POST /api/departments', { token, body: department }));
  await call('GET /api/departments', { token });
  await call('GET /api/departments/:id', { token, id: departmentId });
  await call('PUT /api/departments/:id', { token, id: departmentId, body: department });
  const jobTitle = { name: 'Operator', departmentId, companyId };
  const jobTitleId = idOf(await call('POST /api/job-titles', { token, body: jobTitle }));
  await call('GET /api/job-titles', { token });
  await call('GET /api/job-titles/:id', { token, id: jobTitleId });
  await call('PUT /api/job-titles/:id', { token, id: jobTitleId, body: jobTitle });
  const leaveType = { name: 'Annual', companyId };
  const leaveTypeId = idOf(await call('POST /api/leave-types', { token, body: leaveType }));
  await call('GET /api/leave-types', { token });
  await call('GET /api/leave-types/:id', { token, id: leaveTypeId });
  await call('PUT /api/leave-types/:id', { token, id: leaveTypeId, body: leaveType });
  const leaveGroup = { name: 'Staff', description: 'Everyone', status: 'active', privileges: [leaveTypeId], companyId };
  const leaveGroupId = idOf(await call('POST /api/leave-groups', { token, body: leaveGroup }));
  await call('GET /api/leave-groups', { token });
  await call('GET /api/leave-groups/:id', { token, id: leaveGroupId });
  await call('PUT /api/leave-groups/:id', { token, id: leaveGroupId, body: leaveGroup });
  const settings = await call('GET /api/settings', { token, query: { companyId } });
  // The RFID clock on, for the kiosk's card below.
  await call('PUT /api/settings', { token, body: { ...(settings.body as object), rfidClock: true } });

  // An employee with a PIN and an enrolled face.
  const employeeFields = {
    firstName: 'Kim',
    lastName: 'Walker',
    gender: 'FEMALE',
    email: 'kim@walk.example',
    nationalId: 'WK-1',
    companyId,
    departmentId,
    jobTitleId,
    leaveGroupId,
    employmentType: 'regular',
  };
  const employeeId = idOf(await call('POST /api/employees', { token, body: employeeFields }));
  await call('GET /api/employees', { token });
  await call('GET /api/employees/:id', { token, id: employeeId });
  await call('PATCH /api/employees/:id', { token, id: employeeId, body: { firstName: 'Kimberly', rfidCard: '0004417327' } });
  await call('POST /api/employees/:id/archive', { token, id: employeeId });
  await call('POST /api/employees/:id/restore', { token, id: employeeId });
  await call('PUT /api/employees/:id/pin', { token, id: employeeId, body: { pin: '246802' } });
  await call('PUT /api/employees/:id/image', { token, id: employeeId, raw: { type: 'image/jpeg', bytes: await portraitOf('sample1-left') } });
  await call('GET /api/employees/:id/image', { token, id: employeeId });
  await call('GET /api/employees/:id/thumbnail', { token, id: employeeId });
  const leaver = { ...employeeFields, firstName: 'Lee', email: 'lee@walk.example', nationalId: 'WK-2' };
  await call('DELETE /api/employees/:id', { token, id: idOf(await call('POST /api/employees', { token, body: leaver })) });
  const bulk = idOf(await call('POST /api/employees', { token, body: { ...leaver, nationalId: 'WK-3' } }));
  await call('POST /api/employees/bulk-delete', { token, body: { ids: [bulk] } });

  // Every day, all day: the walk runs whenever CI does.
  const schedule = { employeeId, startTime: '00:00:00.000Z', offTime: '23:59:00.000Z', totalHours: 8, restDays: [], fromDate: dateIn(-30) };
  const scheduleId = idOf(await call('POST /api/schedules', { token, body: schedule }));
  await call('GET /api/schedules', { token });
  await call('GET /api/schedules/:id', { token, id: scheduleId });
  await call('PATCH /api/schedules/:id', { token, id: scheduleId, body: { totalHours: 7 } });

  // Users and roles; self sign-up with the employee's email links the account to the employee.
  await call('GET /api/roles', { token });
  const role = { name: 'Auditors', companyId, userType: 'admin', permissions: { report: ['read'] } };
  const roleId = idOf(await call('POST /api/roles', { token, body: role }));
  await call('GET /api/roles/:id', { token, id: roleId });
  await call('PATCH /api/roles/:id', { token, id: roleId, body: { name: 'Auditors of Walk Co' } });
  const auditor = {
    name: 'Audrey',
    email: 'audrey@walk.example',
    accountType: 'Admin',
    roleId,
    status: 'enabled',
    companyId,
    employeeId: null,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  };
  const auditorId = idOf(await call('POST /api/users', { token, body: auditor }));
  await call('GET /api/users', { token });
  await call('GET /api/users/:id', { token, id: auditorId });
  await call('PATCH /api/users/:id', { token, id: auditorId, body: { name: 'Audrey A.' } });
  await call('PUT /api/settings/sign-up', { token, body: { enabled: true } });
  await call('GET /api/sign-up');
  await call('POST /api/sign-up', { body: { name: 'Kim', email: 'kim@walk.example', password: PASSWORD, confirmPassword: PASSWORD } });
  // Sign-up answers alike for a new and a known address (issue 30, L-9): the session comes from signing in.
  const kim = textAt(await call('POST /api/user/login', { body: { email: 'kim@walk.example', password: PASSWORD } }), 'accessToken');
  await call('GET /api/me/schedules', { token: kim });

  // Leave: requested, changed, decided; a second one withdrawn.
  const leave = { leaveTypeId, from: dateIn(14), to: dateIn(15), reason: 'Family visit', returnDate: dateIn(16) };
  await call('GET /api/me/leave-types', { token: kim });
  const leaveId = idOf(await call('POST /api/me/leaves', { token: kim, body: leave }));
  await call('GET /api/me/leaves', { token: kim });
  await call('GET /api/me/leaves/:id', { token: kim, id: leaveId });
  await call('PUT /api/me/leaves/:id', { token: kim, id: leaveId, body: { ...leave, reason: 'Family visit, both days' } });
  await call('GET /api/leaves', { token });
  await call('GET /api/leaves/:id', { token, id: leaveId });
  await call('GET /api/leaves/calendar', { token, query: { month: leave.from.slice(0, 7) } });
  await call('PUT /api/leaves/:id/decision', { token, id: leaveId, body: { status: 'approved', comment: 'Enjoy' } });
  const withdrawn = idOf(await call('POST /api/me/leaves', { token: kim, body: { ...leave, from: dateIn(20), to: dateIn(20), returnDate: dateIn(21) } }));
  await call('DELETE /api/me/leaves/:id', { token: kim, id: withdrawn });

  // The kiosk: registered, then identifying by face, by PIN and by card, and clocking.
  const kiosk = await call('POST /api/kiosk-devices', { token, body: { name: 'Door', companyId } });
  const kioskHeaders = { [KIOSK_TOKEN_HEADER]: textAt(kiosk, 'token') };
  await call('GET /api/kiosk-devices', { token, query: { companyId } });
  await call('GET /api/clock/device', { headers: kioskHeaders });
  const byFace = await call('POST /api/clock/identify/face', {
    headers: kioskHeaders,
    body: { frames: (await movingFramesOf('sample1-left')).map((frame) => frame.toString('base64')) },
  });
  await call('POST /api/clock/punch', {
    headers: kioskHeaders,
    body: { ticket: textAt(byFace, 'ticket'), action: 'check-in', commandId: crypto.randomUUID() },
  });
  const byPin = await call('POST /api/clock/identify/pin', { headers: kioskHeaders, body: { identifier: 'WK-1', pin: '246802' } });
  await call('POST /api/clock/punch', {
    headers: kioskHeaders,
    body: { ticket: textAt(byPin, 'ticket'), action: 'check-out', commandId: crypto.randomUUID() },
  });
  await call('GET /api/clock/card-reader', { headers: kioskHeaders });
  await call('GET /api/clock/display', { headers: kioskHeaders });
  await call('POST /api/clock/identify/card', { headers: kioskHeaders, body: { card: '0004417327' } });

  // The work days: read, corrected, recorded and deleted.
  const days = await eventually(
    () => call('GET /api/attendance', { token, query: { employeeId } }),
    (answer) => textAt(answer, 'items.0.timeOut') !== '',
  );
  const dayId = textAt(days, 'items.0.id');
  await call('GET /api/attendance/presence', { token });
  await call('GET /api/attendance/export', { token, query: { employeeId, language: 'en' } });
  await call('GET /api/attendance/:id', { token, id: dayId });
  await call('GET /api/me/attendance', { token: kim });
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  await call('PATCH /api/attendance/:id', {
    token,
    id: dayId,
    body: { timeIn: hourAgo, timeOut: new Date().toISOString(), reason: 'Clocked late by mistake' },
  });
  await call('GET /api/attendance/:id/history', { token, id: dayId });
  const workDate = dateIn(-3);
  const recorded = await call('POST /api/attendance', {
    token,
    body: { employeeId, workDate, timeIn: `${workDate}T09:00:00.000Z`, timeOut: `${workDate}T17:00:00.000Z`, reason: 'Forgot to clock' },
  });
  await call('DELETE /api/attendance/:id', { token, id: idOf(recorded), body: { reason: 'Recorded twice' } });

  // Offline: the kiosk's contact gives the sealing key; a punch sealed with a wrong PIN is replayed and lands on the
  // attention list, where an admin records the day by hand.
  const contact = await call('POST /api/clock/contact', { headers: kioskHeaders, body: { queueLength: 1, clockOffsetMs: 0 } });
  const offline = { commandId: crypto.randomUUID(), deviceTime: new Date(Date.now() - 60_000).toISOString(), clockOffsetMs: 0 };
  const sealed = await sealPunch((contact.body as { sealingKey: SealingKey }).sealingKey, offline, {
    identification: { method: 'pin', identifier: 'WK-1', pin: '000000' },
    action: 'check-in',
  });
  await call('POST /api/clock/offline-punches', { headers: kioskHeaders, body: { ...offline, sealed } });
  await call('GET /api/attendance/offline-punches', { token, query: { companyId } });
  const handDate = dateIn(-5);
  await call('POST /api/attendance/offline-punches/:id/record', {
    token,
    id: offline.commandId,
    body: { employeeId, workDate: handDate, timeIn: `${handDate}T09:00:00.000Z`, timeOut: `${handDate}T17:00:00.000Z`, reason: 'Kiosk offline, PIN mistyped' },
  });

  // Reports and dashboards, from reporting's read models of all of the above.
  await call('GET /api/reports/attendance-overtime', { token, query: { companyId } });
  await call('GET /api/reports/consolidated-overtime', { token, query: { companyId } });
  await call('GET /api/reports/employee-attendance', { token, query: { companyId } });
  await call('GET /api/reports/employee-birthdays', { token, query: { companyId } });
  await call('GET /api/reports/employee-leaves', { token, query: { companyId } });
  await call('GET /api/reports/employee-list', { token, query: { companyId } });
  await call('GET /api/reports/employee-schedule', { token, query: { companyId } });
  await call('GET /api/reports/organization-profile', { token, query: { companyId } });
  await call('GET /api/reports/user-accounts', { token, query: { companyId } });
  // An Excel export of a report: started, polled until written in the background, then downloaded.
  const reportExport = idOf(await call('POST /api/report-exports', { token, body: { report: 'attendance-overtime', query: { companyId }, language: 'en' } }));
  await eventually(
    () => call('GET /api/report-exports/:id', { token, id: reportExport }),
    (answer) => textAt(answer, 'status') !== 'running',
  );
  await call('GET /api/report-exports/:id/file', { token, id: reportExport });
  await call('GET /api/dashboard/admin', { token });
  await call('GET /api/dashboard/me', { token: kim });
  await call('PUT /api/me/pin', { token: kim, body: { currentPin: '246802', pin: '135791' } });
  // Safeguarding: the kiosk notice, retention, face clocking, and one employee's data export and erasure.
  await call('GET /api/clock/notice');
  const safeguarding = await call('GET /api/settings/safeguarding', { token });
  await call('PUT /api/settings/safeguarding', {
    token,
    body: { retentionDays: 45, kioskNotice: (safeguarding.body as { kioskNotice: unknown }).kioskNotice },
  });
  await call('GET /api/settings/face-clocking', { token, query: { companyId } });
  await call('PUT /api/settings/face-clocking', { token, body: { companyId, enabled: true } });
  await call('GET /api/employees/:id/data-export', { token, id: employeeId });
  await call('GET /api/employees/:id/data-export/xlsx', { token, id: employeeId });
  await call('POST /api/employees/:id/erase', {
    token,
    id: idOf(await call('POST /api/employees', { token, body: { ...leaver, nationalId: 'WK-4', email: 'erased@walk.example' } })),
  });
  // Legal notice and feedback (h4): read before signing in, rewritten by the SuperAdmin; feedback sent, listed, shown, resolved.
  await call('PUT /api/me/image', { token: kim, raw: { type: 'image/jpeg', bytes: await portraitOf('sample1-left') } });
  await call('GET /api/me/image', { token: kim });
  await call('DELETE /api/me/image', { token: kim });
  await call('GET /api/legal');
  await call('PUT /api/settings/legal', { token, body: { terms: { en: 'Terms', es: 'Términos' }, privacy: { en: 'Privacy', es: 'Privacidad' } } });
  const onePixelPng = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
  const feedbackId = textAt(
    await call('POST /api/feedback', { token: kim, body: { category: 'idea', message: 'More colours', page: '/personal/dashboard', screenshot: onePixelPng } }),
    'feedback.id',
  );
  await call('GET /api/feedback', { token });
  await call('GET /api/feedback/:id/screenshot', { token, id: feedbackId });
  await call('POST /api/feedback/:id/resolve', { token, id: feedbackId });

  // Clean-up: what was added goes again.
  await call('DELETE /api/kiosk-devices/:id', { token, id: textAt(kiosk, 'device.id') });
  await call('DELETE /api/employees/:id/image', { token, id: employeeId });
  await call('DELETE /api/employees/:id/pin', { token, id: employeeId });
  await call('POST /api/schedules/:id/archive', { token, id: scheduleId });
  await call('DELETE /api/users/:id', { token, id: auditorId });
  await call('DELETE /api/roles/:id', { token, id: roleId });
  const goneCompany = idOf(await call('POST /api/companies', { token, body: { name: 'Gone Co' } }));
  const goneDepartment = idOf(await call('POST /api/departments', { token, body: { name: 'Gone', companyId: goneCompany } }));
  const goneJobTitle = idOf(await call('POST /api/job-titles', { token, body: { name: 'Gone', departmentId: goneDepartment, companyId: goneCompany } }));
  const goneType = idOf(await call('POST /api/leave-types', { token, body: { name: 'Gone', companyId: goneCompany } }));
  const goneGroup = idOf(
    await call('POST /api/leave-groups', {
      token,
      body: { name: 'Gone', description: 'Gone', status: 'active', privileges: [goneType], companyId: goneCompany },
    }),
  );
  await call('DELETE /api/leave-groups/:id', { token, id: goneGroup });
  await call('DELETE /api/leave-types/:id', { token, id: goneType });
  await call('DELETE /api/job-titles/:id', { token, id: goneJobTitle });
  await call('DELETE /api/departments/:id', { token, id: goneDepartment });
  await call('DELETE /api/companies/:id', { token, id: goneCompany });

  // The account routes last: a new password, then signing out.
  await call('POST /api/me/password', { token: kim, body: { currentPassword: PASSWORD, newPassword: 'Changed-pass-2', confirmPassword: 'Changed-pass-2' } });
  await call('POST /api/sign-out', { token: await signIn('kim@walk.example', 'Changed-pass-2') });
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ams-statuses-'));
  system = await startEmbedded(loadEmbeddedConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }));
  // A fresh installation migrates seven databases first: on a busy 2-core machine that takes longer than a minute.
}, 180_000);

afterAll(async () => {
  await system?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the success statuses the OpenAPI document promises', () => {
  it('are what every route of the table really answers', async () => {
    const document = (await (await fetch(`${system.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    await walkEveryRoute();
    const mismatches: string[] = [];
    for (const route of apiRoutes as readonly ApiRoute[]) {
      const key = apiRouteKey(route);
      const documented = Object.keys(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.responses ?? {}).filter((status) =>
        status.startsWith('2'),
      );
      const statuses = answered.get(key) ?? [];
      if (statuses.length === 0) mismatches.push(`${key}: never called`);
      else if (documented.length !== 1 || statuses.some((status) => String(status) !== documented[0]))
        mismatches.push(`${key}: documented ${documented.join(', ')}, answered ${statuses.join(', ')}`);
    }
    expect(mismatches).toEqual([]);
  });
});
