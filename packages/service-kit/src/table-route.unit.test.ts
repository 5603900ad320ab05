import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { everyPermission, type Principal } from '@ams/contracts';
import { AppError, buildService, route, signPrincipal } from './index.ts';

const secret = 'test-internal-secret';
const companyId = randomUUID();
const superAdmin: Principal = { kind: 'user', userId: randomUUID(), accountType: 'SuperAdmin', companyId: null, employeeId: null, permissions: {} };
const settingsAdmin: Principal = {
  kind: 'user',
  userId: randomUUID(),
  accountType: 'Admin',
  companyId,
  employeeId: null,
  permissions: { setting: ['read', 'update'] },
};
const fullAdmin: Principal = { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId: null, permissions: everyPermission };
const readOnlyAdmin: Principal = { kind: 'user', userId: randomUUID(), accountType: 'Admin', companyId, employeeId: null, permissions: { setting: ['read'] } };
const employee: Principal = { kind: 'user', userId: randomUUID(), accountType: 'Employee', companyId, employeeId: randomUUID(), permissions: everyPermission };

const as = (principal: Principal, method: string, url: string) => signPrincipal(principal, secret, { route: { method, path: url } });
const NOT_PERMITTED = 'You do not have permission to do this';

/** A service with a few routes of the real table, each recording who it ran for. */
function tableService() {
  const app = buildService({ name: 'sample', logLevel: 'silent', gatewaySecret: secret, bodyLimit: 1024 });
  const handled: Array<{ key: string; caller: Principal }> = [];
  route(app, 'POST /api/companies', ({ caller, body }) => {
    handled.push({ key: 'POST /api/companies', caller });
    return { id: randomUUID(), name: body.name, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  });
  route(app, 'PUT /api/settings/sign-up', ({ caller, body }) => {
    handled.push({ key: 'PUT /api/settings/sign-up', caller });
    return { enabled: body.enabled };
  });
  route(app, 'DELETE /api/users/:id', ({ caller }) => {
    handled.push({ key: 'DELETE /api/users/:id', caller });
  });
  route(app, 'GET /api/sign-up', ({ caller }) => {
    handled.push({ key: 'GET /api/sign-up', caller });
    return { enabled: true };
  });
  const uploads: unknown[] = [];
  route(app, 'PUT /api/employees/:id/image', ({ body }) => {
    uploads.push(body);
    throw new AppError('conflict', 'nothingToChange');
  });
  route(app, 'GET /api/employees/:id/thumbnail', (_request, reply) => reply.type('image/webp').send(Buffer.from('RIFF')));
  // A handler bug the types would have caught: the answer is not a user.
  route(app, 'GET /api/users/:id', () => ({ id: 'not a user' }) as never);
  return { app, handled, uploads };
}

describe('a route registered from the table by its key', () => {
  it('answers the status the table gives: 201 for a create, 200 by default, 204 without an answer', async () => {
    const { app } = tableService();
    const created = await app.inject({ method: 'POST', url: '/api/companies', headers: as(superAdmin, 'POST', '/api/companies'), payload: { name: 'Acme' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Acme' });
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings/sign-up',
      headers: as(settingsAdmin, 'PUT', '/api/settings/sign-up'),
      payload: { enabled: false },
    });
    expect({ status: saved.statusCode, body: saved.json() }).toEqual({ status: 200, body: { enabled: false } });
    const unknownId1 = randomUUID();
    const deleted = await app.inject({ method: 'DELETE', url: `/api/users/${unknownId1}`, headers: as(superAdmin, 'DELETE', `/api/users/${unknownId1}`) });
    expect({ status: deleted.statusCode, body: deleted.body }).toEqual({ status: 204, body: '' });
  });

  it("validates params and body with the table's schemas before the handler runs", async () => {
    const { app, handled } = tableService();
    const badId = await app.inject({ method: 'DELETE', url: '/api/users/not-a-uuid', headers: as(superAdmin, 'DELETE', '/api/users/not-a-uuid') });
    expect(badId.statusCode).toBe(400);
    const noName = await app.inject({ method: 'POST', url: '/api/companies', headers: as(superAdmin, 'POST', '/api/companies'), payload: {} });
    expect(noName.json()).toMatchObject({ status: 400, detail: 'Name is required' });
    expect(handled).toEqual([]);
  });

  it("checks the answer against the table's response schema", async () => {
    const { app } = tableService();
    const unknownId2 = randomUUID();
    const response = await app.inject({ method: 'GET', url: `/api/users/${unknownId2}`, headers: as(superAdmin, 'GET', `/api/users/${unknownId2}`) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ detail: 'Something went wrong!' });
  });

  it('hands a signed-in route the caller the gateway signed', async () => {
    const { app, handled } = tableService();
    await app.inject({ method: 'PUT', url: '/api/settings/sign-up', headers: as(settingsAdmin, 'PUT', '/api/settings/sign-up'), payload: { enabled: true } });
    expect(handled).toEqual([{ key: 'PUT /api/settings/sign-up', caller: settingsAdmin }]);
  });

  it('hands a public route the anonymous principal, even when a signed-in user rides along', async () => {
    const { app, handled } = tableService();
    const response = await app.inject({ method: 'GET', url: '/api/sign-up', headers: as(fullAdmin, 'GET', '/api/sign-up') });
    expect(response.statusCode).toBe(200);
    expect(handled).toEqual([{ key: 'GET /api/sign-up', caller: { kind: 'anonymous' } }]);
  });
});

describe("the service's own check of the table's access rule", () => {
  it('refuses a signed principal of an account type the rule does not name with 403 problem+json, before the handler', async () => {
    const { app, handled } = tableService();
    const response = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: as(fullAdmin, 'POST', '/api/companies'),
      payload: { name: 'Not mine' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 403, code: 'forbidden', detail: NOT_PERMITTED });
    expect(handled).toEqual([]);
  });

  it('refuses a signed principal without the permission the rule requires', async () => {
    const { app, handled } = tableService();
    const byAdmin = await app.inject({
      method: 'PUT',
      url: '/api/settings/sign-up',
      headers: as(readOnlyAdmin, 'PUT', '/api/settings/sign-up'),
      payload: { enabled: true },
    });
    const byEmployee = await app.inject({
      method: 'PUT',
      url: '/api/settings/sign-up',
      headers: as(employee, 'PUT', '/api/settings/sign-up'),
      payload: { enabled: true },
    });
    expect([byAdmin.json(), byEmployee.json()]).toMatchObject([
      { status: 403, detail: NOT_PERMITTED },
      { status: 403, detail: NOT_PERMITTED },
    ]);
    expect(handled).toEqual([]);
  });

  it('refuses before the body is read: a denied caller learns nothing of what the body should be', async () => {
    const { app } = tableService();
    const response = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: as(employee, 'POST', '/api/companies'),
      payload: { nothing: 'valid' },
    });
    expect(response.json()).toMatchObject({ status: 403, detail: NOT_PERMITTED });
  });

  it('answers 401 when the gateway signed the anonymous principal for a signed-in route', async () => {
    const { app } = tableService();
    const unknownId3 = randomUUID();
    const response = await app.inject({
      method: 'DELETE',
      url: `/api/users/${unknownId3}`,
      headers: as({ kind: 'anonymous' }, 'DELETE', `/api/users/${unknownId3}`),
    });
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });
});

describe('a raw-body route', () => {
  it('receives the bytes of the media types the table names, up to its own body limit', async () => {
    const { app, uploads } = tableService();
    const url = `/api/employees/${randomUUID()}/image`;
    await app.inject({ method: 'PUT', url, headers: { ...as(superAdmin, 'PUT', url), 'content-type': 'image/png' }, payload: Buffer.alloc(4096) });
    // 4 KiB is over the service's 1 KiB default: the route's own limit (5 MiB) applies.
    expect(uploads).toEqual([Buffer.alloc(4096)]);
    const tooLarge = await app.inject({
      method: 'PUT',
      url,
      headers: { ...as(superAdmin, 'PUT', url), 'content-type': 'image/png' },
      payload: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    expect(tooLarge.statusCode).toBe(413);
  });

  it('keeps its image parser to itself: a JSON route of the same service does not take images', async () => {
    const { app } = tableService();
    const response = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...as(superAdmin, 'POST', '/api/companies'), 'content-type': 'image/png' },
      payload: Buffer.alloc(16),
    });
    expect(response.statusCode).toBe(415);
  });

  it('may answer raw bytes of its own media type', async () => {
    const { app } = tableService();
    const unknownId4 = randomUUID();
    const response = await app.inject({
      method: 'GET',
      url: `/api/employees/${unknownId4}/thumbnail`,
      headers: as(superAdmin, 'GET', `/api/employees/${unknownId4}/thumbnail`),
    });
    expect({ status: response.statusCode, type: response.headers['content-type'], body: response.body }).toEqual({
      status: 200,
      type: 'image/webp',
      body: 'RIFF',
    });
  });
});
