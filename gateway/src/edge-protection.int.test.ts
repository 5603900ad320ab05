import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityRecordedV1, apiRoutes, CSRF_HEADER, erasedEmail, TOKEN_COOKIE } from '@ams/contracts';
import { PRINCIPAL_HEADER, PRINCIPAL_SIGNATURE_HEADER, signPrincipal } from '@ams/service-kit';
import { openApiPath } from './openapi.ts';
import { startedGateway, testSecrets, type GatewayDatabase, type GatewayUnderTest } from './test-support/gateway-harness.ts';
import { signToken, type TestUser } from './test-support/identity-fixtures.ts';
import type { EchoedRequest } from './test-support/echo-upstream.ts';

let database: GatewayDatabase;
let gateway: GatewayUnderTest;

startedGateway((started, startedOn) => {
  gateway = started;
  database = startedOn;
});

describe('CSRF on cookie sessions', () => {
  let user: TestUser;
  const csrf = 'f'.repeat(16) + randomUUID();
  let token: string;
  beforeAll(async () => {
    user = await gateway.identity.createUser({ accountType: 'Employee' });
    token = signToken(user, { secret: testSecrets.jwt, csrf });
  });
  const signOut = (headers: Record<string, string>, cookies: Record<string, string> = { [TOKEN_COOKIE]: token }) =>
    gateway.app.inject({ method: 'POST', url: '/api/sign-out', cookies, headers });

  it('refuses a cookie-authenticated POST without the CSRF header', async () => {
    const response = await signOut({});
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a cookie-authenticated POST with a wrong or nearly right CSRF header', async () => {
    expect((await signOut({ [CSRF_HEADER]: 'f'.repeat(16) + randomUUID() })).statusCode).toBe(403);
    expect((await signOut({ [CSRF_HEADER]: csrf.slice(0, -1) })).statusCode).toBe(403);
  });

  it('accepts a cookie-authenticated POST whose header equals the token’s csrf claim', async () => {
    const response = await signOut({ [CSRF_HEADER]: csrf });
    expect(response.statusCode).toBe(200);
    expect(response.json<EchoedRequest>().caller?.principal).toMatchObject({ userId: user.userId });
  });

  it('needs no CSRF header for a bearer-authenticated POST', async () => {
    expect((await signOut({ authorization: `Bearer ${token}` }, {})).statusCode).toBe(200);
  });

  it('passes a cookie user on a public unsafe route only with the CSRF header, else as anonymous', async () => {
    const login = (headers: Record<string, string>) =>
      gateway.app.inject({ method: 'POST', url: '/api/user/login', cookies: { [TOKEN_COOKIE]: token }, headers, payload: {} });
    expect((await login({})).json<EchoedRequest>().caller?.principal).toEqual({ kind: 'anonymous' });
    expect((await login({ [CSRF_HEADER]: csrf })).json<EchoedRequest>().caller?.principal).toMatchObject({ userId: user.userId });
  });

  it('lets a stale or forged token through to sign-in as anonymous', async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { authorization: 'Bearer not.a.token' },
      payload: { email: 'a@b.co', password: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<EchoedRequest>().caller?.principal).toEqual({ kind: 'anonymous' });
  });
});

describe('the principal header', () => {
  it('replaces a principal header sent by the client, even one validly signed for a SuperAdmin', async () => {
    const employee = await gateway.identity.createUser({ accountType: 'Employee' });
    const forged = signPrincipal(
      { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} },
      testSecrets.internal,
      { route: { method: 'GET', path: '/api/me' } },
    );
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { ...forged, 'x-ams-principal-extra': 'x', authorization: `Bearer ${signToken(employee, { secret: testSecrets.jwt })}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<EchoedRequest>().caller?.principal).toMatchObject({ userId: employee.userId, accountType: 'Employee' });

    const anonymous = await gateway.app.inject({ method: 'GET', url: '/api/sign-up', headers: forged });
    expect(anonymous.json<EchoedRequest>().caller?.principal).toEqual({ kind: 'anonymous' });
  });

  it('does not let a forged principal header stand in for a token', async () => {
    const forged = signPrincipal(
      { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} },
      testSecrets.internal,
      { route: { method: 'GET', path: '/api/users' } },
    );
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { [PRINCIPAL_HEADER]: forged[PRINCIPAL_HEADER] ?? '', [PRINCIPAL_SIGNATURE_HEADER]: forged[PRINCIPAL_SIGNATURE_HEADER] ?? '' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('what is proxied and how', () => {
  it('forwards the same path and query string and the exact body bytes', async () => {
    const admin = await gateway.identity.createUser({ accountType: 'Admin', permissions: { user: ['read', 'create'] } });
    const authorization = `Bearer ${signToken(admin, { secret: testSecrets.jwt })}`;
    const list = await gateway.app.inject({ method: 'GET', url: '/api/users?search=ann%20b&page=2', headers: { authorization } });
    expect(list.json<EchoedRequest>().url).toBe('/api/users?search=ann%20b&page=2');

    const body = '{ "name" : "Ann",\n "email": "ann@example.test" }';
    const created = await gateway.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { authorization, 'content-type': 'application/json; charset=utf-8' },
      payload: body,
    });
    expect(created.json<EchoedRequest>()).toMatchObject({ method: 'POST', body, contentType: 'application/json; charset=utf-8' });
  });

  it('passes the service’s answer through unchanged, Set-Cookie included, and marks it not cacheable', async () => {
    const response = await gateway.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'a@b.co', password: 'p' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['set-cookie']).toBe('token=issued-by-identity; HttpOnly; Path=/; SameSite=Lax');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('refuses a body over 1 MiB with 413 before it reaches the service', async () => {
    const before = gateway.upstream.seen.length;
    const response = await gateway.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(gateway.upstream.seen.length).toBe(before);
  });

  it('answers 404 problem+json for an /api path that is not in the route table', async () => {
    for (const [method, url] of [
      ['GET', '/api/internal/users'],
      ['GET', '/api/users/1/secrets'],
      ['GET', '/api'],
    ] as const) {
      const response = await gateway.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('answers 405 with Allow for a known path and another method, 414 and 400 for URLs it cannot route, all problem+json that does not repeat the URL', async () => {
    const cases = [
      { method: 'PUT', url: '/api/users', status: 405, allow: 'GET, HEAD, POST' },
      { method: 'POST', url: `/api/users/${randomUUID()}`, status: 405, allow: 'DELETE, GET, HEAD, PATCH' },
      { method: 'GET', url: `/api/users/${'evil'.repeat(750)}`, status: 414 },
      { method: 'GET', url: '/api/users/evil%E0%A4%A', status: 400 },
    ] as const;
    for (const { method, url, status, ...expected } of cases) {
      const response = await gateway.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url.slice(0, 30)}`).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.body).not.toContain('evil');
      if ('allow' in expected) expect(response.headers.allow).toBe(expected.allow);
    }
  });

  it('answers malformed HTTP on the socket with problem+json', async () => {
    const address = new URL(await gateway.app.listen({ port: 0, host: '127.0.0.1' }));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(address.port), address.hostname, () => socket.write('GET /api/users HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('sends security headers on proxied answers and errors alike, API answers with a CSP that allows nothing', async () => {
    for (const url of ['/api/sign-up', '/api/nowhere']) {
      const response = await gateway.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['strict-transport-security']).toContain('max-age=');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-download-options']).toBe('noopen');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('leaves the headers only an HTML document acts on off API answers, and keeps them on pages', async () => {
    const documentOnly = ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-xss-protection'];
    const api = await gateway.app.inject({ method: 'GET', url: '/api/nowhere' });
    for (const name of documentOnly) expect(api.headers[name], name).toBeUndefined();
    const page = await gateway.app.inject({ method: 'GET', url: '/sign-in' });
    for (const name of documentOnly) expect(page.headers[name], name).toBeDefined();
  });

  it('gives everything outside /api the CSP of the SPA', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/sign-in' });
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('gives the build files under /assets only the headers a non-document reads', async () => {
    const script = await gateway.app.inject({ method: 'GET', url: '/assets/index-0000.js' });
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'cross-origin-opener-policy', 'x-xss-protection']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    const image = await gateway.app.inject({ method: 'GET', url: '/assets/logo-0000.svg' });
    expect(image.headers['content-security-policy']).toContain("script-src 'self'");
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['x-frame-options']).toBeUndefined();
  });
});

describe('audit', () => {
  it('writes a permission-denied event to the outbox when a signed-in user is refused', async () => {
    const employee = await gateway.identity.createUser({ accountType: 'Employee' });
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${signToken(employee, { secret: testSecrets.jwt })}`, 'user-agent': 'audit-test/1.0' },
    });
    expect(response.statusCode).toBe(403);
    const { rows } = await database.pool.query<{ envelope: { type: string; key: string; payload: unknown } }>(
      `SELECT envelope FROM outbox WHERE envelope->>'type' = 'audit.ActivityRecorded' AND envelope->>'key' = $1`,
      [employee.userId],
    );
    expect(rows).toHaveLength(1);
    const payload = activityRecordedV1.parse(rows[0]?.envelope.payload);
    expect(payload).toMatchObject({
      action: 'permission-denied',
      actorId: employee.userId,
      actorEmail: employee.email,
      subject: { kind: 'route', id: 'GET /api/users' },
      ip: '127.0.0.1',
      userAgent: 'audit-test/1.0',
      details: { reason: 'permission' },
    });
  });

  it('deletes its published refusals of a user once identity saves the user erased (pseudonym address)', async () => {
    const employee = await gateway.identity.createUser({ accountType: 'Employee' });
    const headers = { authorization: `Bearer ${signToken(employee, { secret: testSecrets.jwt })}` };
    expect((await gateway.app.inject({ method: 'GET', url: '/api/users', headers })).statusCode).toBe(403);
    const naming = async () =>
      (
        await database.pool.query<{ published: boolean }>('SELECT published_at IS NOT NULL AS published FROM outbox WHERE envelope::text LIKE $1', [
          `%${employee.email}%`,
        ])
      ).rows;
    await expect.poll(naming).toEqual([{ published: true }]);

    await gateway.identity.saveUser(
      { ...employee, email: erasedEmail(employee.userId), tokenVersion: employee.tokenVersion + 1 },
      'disabled',
      'account-disabled',
    );
    expect(await naming()).toEqual([]);
  });

  it('records nothing for an anonymous 401', async () => {
    const { rows: before } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox');
    expect((await gateway.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const { rows: after } = await database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox');
    expect(after[0]?.count).toBe(before[0]?.count);
  });
});

describe('the OpenAPI document', () => {
  it('is public and lists every route of the table with its security', async () => {
    const response = await gateway.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { security: unknown[]; responses: Record<string, unknown>; requestBody?: unknown; parameters?: Array<{ name: string; in: string }> }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
    const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
    expect(operations).toBe(apiRoutes.length);
    for (const route of apiRoutes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      if (route.access.kind === 'public') {
        expect(operation?.security).toEqual([]);
      } else {
        expect(operation?.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
        expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
      }
      if ('body' in route) expect(operation?.requestBody).toBeDefined();
      if ('params' in route) expect(operation?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    }
  });
});
