import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, apiRoutes, holds, resources, type AccountType, type ApiRoute, type PermissionKey, type Permissions } from '@ams/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { createGatewayDatabase, startGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';
import { identityEvent, signToken, type TestUser } from './test-support/identity-fixtures.ts';
import type { EchoedRequest } from './test-support/echo-upstream.ts';

const routes: readonly ApiRoute[] = apiRoutes;

type PersonaName = 'SuperAdmin' | 'Admin with the route permissions' | 'Admin without permissions' | 'Employee with every permission' | 'anonymous';
const personaNames: readonly PersonaName[] = [
  'SuperAdmin',
  'Admin with the route permissions',
  'Admin without permissions',
  'Employee with every permission',
  'anonymous',
];

interface Persona {
  accountType: AccountType;
  permissions: Permissions;
}

const everyPermission: Permissions = Object.fromEntries(resources.map((resource) => [resource, [...actions]]));

function permissionsOf(keys: readonly PermissionKey[]): Permissions {
  const permissions: Permissions = {};
  for (const key of keys) {
    const [resource, action] = key.split('.') as [keyof Permissions, (typeof actions)[number]];
    permissions[resource] = [...(permissions[resource] ?? []), action];
  }
  return permissions;
}

function personaFor(name: PersonaName, route: ApiRoute): Persona | null {
  const routePermissions = route.access.kind === 'signed-in' ? route.access.permissions : [];
  switch (name) {
    case 'SuperAdmin':
      return { accountType: 'SuperAdmin', permissions: {} };
    case 'Admin with the route permissions':
      return { accountType: 'Admin', permissions: permissionsOf(routePermissions) };
    case 'Admin without permissions':
      return { accountType: 'Admin', permissions: {} };
    case 'Employee with every permission':
      return { accountType: 'Employee', permissions: everyPermission };
    case 'anonymous':
      return null;
  }
}

/** Spec §5/§6 read straight off the route's access: what the gateway must answer. */
function expectedStatus(route: ApiRoute, persona: Persona | null): 200 | 401 | 403 {
  const { access } = route;
  if (access.kind === 'public') return 200;
  if (!persona) return 401;
  if (!access.accountTypes.includes(persona.accountType)) return 403;
  if (persona.accountType === 'SuperAdmin') return 200;
  return access.permissions.every((key) => holds(persona.permissions, key)) ? 200 : 403;
}

function concretePath(route: ApiRoute): string {
  return route.path.replace(/:[A-Za-z]+/g, () => randomUUID());
}

let database: GatewayDatabase;
let gateway: GatewayUnderTest;
/** Users by persona and route (the Admin with the route permissions differs per route). */
const users = new Map<string, TestUser>();
const userKey = (name: PersonaName, route: ApiRoute) => (name === 'Admin with the route permissions' ? `${name} ${route.method} ${route.path}` : name);

beforeAll(async () => {
  database = await createGatewayDatabase();
  gateway = await startGateway(database.pool);
  for (const route of routes) {
    for (const name of personaNames) {
      const persona = personaFor(name, route);
      const key = userKey(name, route);
      if (!persona || users.has(key)) continue;
      users.set(key, await gateway.identity.createUser(persona));
    }
  }
});

afterAll(async () => {
  await gateway?.close();
  await database?.dispose();
});

async function call(route: ApiRoute, name: PersonaName, path = concretePath(route)): Promise<{ response: LightMyRequestResponse; requestId: string }> {
  const user = users.get(userKey(name, route));
  const response = await gateway.app.inject({
    method: route.method,
    url: path,
    headers: {
      'user-agent': 'route-access-test',
      ...(user ? { authorization: `Bearer ${signToken(user, { secret: testSecrets.jwt })}` } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(route.method === 'GET' ? {} : { payload: '{"probe":true}' }),
  });
  // The gateway names each request (its answer says how): a service that saw that id was reached.
  return { response, requestId: String(response.headers['x-request-id']) };
}

const cases = routes.flatMap((route) => personaNames.map((name) => ({ route, name, expected: expectedStatus(route, personaFor(name, route)) })));

describe('every route of the table, for every kind of caller', () => {
  it('covers each route with each of the five callers', () => {
    expect(cases).toHaveLength(routes.length * personaNames.length);
    expect(new Set(cases.map((c) => `${c.route.method} ${c.route.path}`)).size).toBe(routes.length);
  });

  it.each(cases.map((c) => [`${c.name}: ${c.route.method} ${c.route.path} → ${c.expected}`, c] as const))('%s', async (_title, testCase) => {
    const { route, name, expected } = testCase;
    const path = concretePath(route);
    const { response, requestId } = await call(route, name, path);
    expect(response.statusCode).toBe(expected);
    const reached = gateway.upstream.seen.some((seen) => seen.requestId === requestId);
    if (expected !== 200) {
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: expected });
      expect(reached).toBe(false);
      return;
    }
    expect(reached).toBe(true);
    const echoed = response.json<EchoedRequest>();
    expect(echoed).toMatchObject({ method: route.method, url: path, requestId });
    const user = users.get(userKey(name, route));
    if (user) {
      expect(echoed.caller?.principal).toMatchObject({ kind: 'user', userId: user.userId, accountType: user.accountType });
    } else {
      expect(echoed.caller?.principal).toEqual({ kind: 'anonymous' });
    }
    expect(echoed.caller?.client).toEqual({ ip: '127.0.0.1', userAgent: 'route-access-test' });
  });
});

describe('known anchors of the access table', () => {
  const route = (method: ApiRoute['method'], path: string): ApiRoute => {
    const found = routes.find((candidate) => candidate.method === method && candidate.path === path);
    if (!found) throw new Error(`${method} ${path} is not in the table`);
    return found;
  };

  it('refuses an Employee the user list, even with every permission in the role', async () => {
    expect((await call(route('GET', '/api/users'), 'Employee with every permission')).response.statusCode).toBe(403);
  });

  it('lets an anonymous caller reach sign-in, as anonymous', async () => {
    const { response } = await call(route('POST', '/api/user/login'), 'anonymous');
    expect(response.statusCode).toBe(200);
    expect(response.json<EchoedRequest>().caller?.principal).toEqual({ kind: 'anonymous' });
  });

  it('asks an anonymous caller to sign in for their own account', async () => {
    expect((await call(route('GET', '/api/me'), 'anonymous')).response.statusCode).toBe(401);
  });

  it('lets an Admin whose role grants nothing reach routes that need no permission', async () => {
    expect((await call(route('GET', '/api/me'), 'Admin without permissions')).response.statusCode).toBe(200);
    expect((await call(route('GET', '/api/users'), 'Admin without permissions')).response.statusCode).toBe(403);
  });

  it('refuses a SuperAdmin the personal area (spec §6: admin-area routes only), but not their own account', async () => {
    for (const personal of routes.filter((candidate) => candidate.path.startsWith('/api/me/') && candidate.service !== 'identity')) {
      expect((await call(personal, 'SuperAdmin')).response.statusCode, `${personal.method} ${personal.path}`).toBe(403);
    }
    expect((await call(route('GET', '/api/me/leaves'), 'SuperAdmin')).response.statusCode).toBe(403);
    expect((await call(route('GET', '/api/me'), 'SuperAdmin')).response.statusCode).toBe(200);
  });

  it('lets a SuperAdmin with an empty role delete a role', async () => {
    expect((await call(route('DELETE', '/api/roles/:id'), 'SuperAdmin')).response.statusCode).toBe(200);
  });

  it('refuses an Admin the erasure of an employee whose account is more privileged (as identity refuses changing it) before the service hears of it', async () => {
    const erase = route('POST', '/api/employees/:id/erase');
    const employeeId = randomUUID();
    const path = `/api/employees/${employeeId}/erase`;
    // The route's own permissions suffice while the employee has no account.
    expect((await call(erase, 'Admin with the route permissions', path)).response.statusCode).toBe(200);
    const userId = randomUUID();
    await gateway.identity.publish(
      identityEvent('identity.UserSaved', userId, {
        userId,
        name: 'Full Admin',
        email: 'full.admin@example.test',
        image: null,
        accountType: 'Admin',
        roleId: await gateway.identity.saveRole(everyPermission),
        status: 'enabled',
        companyId: 'company-1',
        employeeId,
        tokenVersion: 0,
        sessionEndReason: null,
      }),
    );
    const refused = await call(erase, 'Admin with the route permissions', path);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json()).toMatchObject({ messageKey: 'cannotManageMorePrivileged' });
    expect(refused.response.headers['content-type']).toContain('application/problem+json');
    // A SuperAdmin may act on any Admin.
    expect((await call(erase, 'SuperAdmin', path)).response.statusCode).toBe(200);
  });

  it('passes the permissions of the role to the service', async () => {
    const { response } = await call(route('GET', '/api/users'), 'Admin with the route permissions');
    expect(response.json<EchoedRequest>().caller?.principal).toMatchObject({ permissions: { user: ['read'] } });
  });
});
