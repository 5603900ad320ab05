import { apiRoutes, successStatusOf, type ApiRoute, type ApiRouteKey } from '@ams/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockAnswers } from './handlers';
import { ids, MOCK_ADMIN } from './fixtures';
import type { MockDb } from './mock-db';
import { createMockApiServer } from './node';
import { sampleBodies } from './sample-requests';

const ORIGIN = 'http://mock.test';
const mock = createMockApiServer(() => new Date('2026-11-23T10:30:00.000Z'));
const routes = apiRoutes as readonly ApiRoute[];
const keyOf = (route: ApiRoute) => `${route.method} ${route.path}` as ApiRouteKey;

beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterAll(() => mock.server.close());

/** The collection a route's :id names, by the path's resource. */
function idFor(route: ApiRoute, db: MockDb): string {
  const resource = route.path.split('/')[route.path.startsWith('/api/me/') ? 3 : 2];
  const first: Record<string, () => string | undefined> = {
    feedback: () => db.feedback[0]?.id,
    users: () => db.users[0]?.id,
    roles: () => db.roles[0]?.id,
    companies: () => db.companies[0]?.id,
    departments: () => db.departments[0]?.id,
    'job-titles': () => db.jobTitles[0]?.id,
    'leave-types': () => db.leaveTypes[0]?.id,
    'leave-groups': () => db.leaveGroups[0]?.id,
    employees: () => db.employees[0]?.id,
    schedules: () => db.schedules[0]?.id,
    // The pending leave of the Admin's own employee record serves both the admin and the personal routes.
    leaves: () => db.leaves.find((leave) => leave.employeeId === ids.employees[0] && leave.status === 'pending')?.id,
    attendance: () => db.attendance[0]?.id,
    'kiosk-devices': () => db.kioskDevices[0]?.id,
    'report-exports': () => {
      db.reportExports.set(ids.company, { id: ids.company, status: 'done', rowsWritten: 1, rowsTotal: 1, fileName: 'report.xlsx' });
      return ids.company;
    },
  };
  const id = resource ? first[resource]?.() : undefined;
  if (!id) throw new Error(`No fixture for ${route.path}`);
  return id;
}

/** The Admin where the route admits one (also the personal area), else the SuperAdmin; as a bearer token. */
function callerOf(route: ApiRoute): string | null {
  if (route.access.kind === 'public') return null;
  return `mock-token-${route.access.accountTypes.includes('Admin') ? ids.adminUser : ids.superAdminUser}`;
}

async function callRoute(route: ApiRoute, token: string | null = callerOf(route)): Promise<Response> {
  const path = route.path.replace(':id', () => idFor(route, mock.db));
  const body = (sampleBodies as Partial<Record<ApiRouteKey, unknown>>)[keyOf(route)];
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  };
  const query = route.path === '/api/leaves/calendar' ? '?month=2026-11' : route.path === '/api/settings/face-clocking' ? `?companyId=${ids.company}` : '';
  return fetch(`${ORIGIN}${path}${query}`, { method: route.method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
}

describe('the mock API generated from the route table', () => {
  it('has an answer for every route of the table and none for a route it lacks', () => {
    expect(Object.keys(mockAnswers).toSorted()).toEqual(routes.map(keyOf).toSorted());
  });

  it.each(routes.map((route) => [keyOf(route), route] as const))(
    '%s answers its success status with an answer its response schema accepts',
    async (_key, route) => {
      if (route.path === '/api/sign-up' && route.method === 'POST') mock.db.signUpEnabled = true;
      const response = await callRoute(route);
      const text = await response.text();
      expect(response.status, text).toBe(successStatusOf(route));
      if (route.response) expect(route.response.safeParse(JSON.parse(text)).error).toBeUndefined();
      if (!route.response && !route.rawResponse) expect(text).toBe('');
    },
  );

  it('refuses a signed-in route without a token with 401 problem+json', async () => {
    // Another origin: MSW keeps the cookies earlier sign-ins set for ORIGIN, as a browser would.
    const response = await fetch('http://fresh-browser.test/api/employees');
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(await response.json()).toMatchObject({ messageKey: 'unauthorized' });
  });

  it("refuses a route the caller's account type may not use with 403", async () => {
    const response = await fetch(`${ORIGIN}/api/settings/safeguarding`, {
      method: 'PUT',
      headers: { authorization: `Bearer mock-token-${ids.adminUser}`, 'content-type': 'application/json' },
      body: JSON.stringify({ retentionDays: 60 }),
    });
    expect(response.status).toBe(403);
  });

  it('signs the fixture Admin in with its password and refuses a wrong one with the spec message', async () => {
    const signIn = (password: string) =>
      fetch(`${ORIGIN}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: MOCK_ADMIN.email, password }),
      });
    const accepted = await signIn(MOCK_ADMIN.password);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('set-cookie')).toMatch(/^token=mock-token-/);
    const refused = await signIn('wrong-password');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ message: 'Invalid email or password', messageKey: 'invalidCredentials' });
  });

  it('answers an invalid body with 400 and the schema field messages', async () => {
    const response = await fetch(`${ORIGIN}/api/departments`, {
      method: 'POST',
      headers: { authorization: `Bearer mock-token-${ids.adminUser}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', companyId: ids.company }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ errors: [{ path: 'name', message: 'Name is required', messageKey: 'nameIsRequired' }] });
  });

  it('keeps writes for the session: a created employee is then listed', async () => {
    const created = await callRoute(routes.find((route) => keyOf(route) === 'POST /api/employees') as ApiRoute);
    expect(created.status).toBe(201);
    const list = await fetch(`${ORIGIN}/api/employees?search=fiona`, { headers: { authorization: `Bearer mock-token-${ids.adminUser}` } });
    expect(await list.json()).toMatchObject({ total: 1, items: [{ fullName: 'Fiona Green', departmentName: 'Operations' }] });
  });
});
