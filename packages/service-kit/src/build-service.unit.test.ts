import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Principal } from '@ams/contracts';
import { AppError, buildService, signPrincipal, type ReadinessChecks } from './index.ts';

const secret = 'test-internal-secret';
const admin: Principal = {
  kind: 'user',
  userId: 'u-1',
  accountType: 'Admin',
  companyId: 'c-1',
  employeeId: null,
  permissions: { employee: ['read'] },
};

function sampleService(readiness: ReadinessChecks = {}) {
  const app = buildService({ name: 'sample', logLevel: 'silent', gatewaySecret: secret, readiness, bodyLimit: 1024 });
  app.get('/whoami', async (request) => request.principal);
  app.post(
    '/employees',
    { schema: { body: z.object({ firstName: z.string({ error: 'First name is required' }).min(1, 'First name is required'), email: z.email('Invalid email address') }) } },
    async (request) => ({ created: request.body.firstName }),
  );
  app.get('/conflict', async () => {
    throw new AppError('conflict', 'The company still has departments');
  });
  app.get('/crash', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused; password=hunter2');
  });
  return app;
}

const signed = (principal: Principal = admin, now = Date.now()) => signPrincipal(principal, secret, { now });

describe('gateway principal header', () => {
  it('refuses a request that carries no principal header with 401 problem+json', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('gives the route the principal the gateway signed', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami', headers: signed() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(admin);
  });

  it('refuses a principal altered after signing', async () => {
    const headers = signed();
    const forged = Buffer.from(
      JSON.stringify({ principal: { ...admin, accountType: 'SuperAdmin' }, issuedAt: Date.now() }),
    ).toString('base64url');
    const response = await sampleService().inject({
      method: 'GET',
      url: '/whoami',
      headers: { ...headers, 'x-ams-principal': forged },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a header signed with another secret', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami', headers: signPrincipal(admin, 'other') });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a signed header replayed after its maximum age', async () => {
    const response = await sampleService().inject({
      method: 'GET',
      url: '/whoami',
      headers: signed(admin, Date.now() - 5 * 60_000),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('problem+json errors', () => {
  it('maps an AppError code to its status and keeps the message', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/conflict', headers: signed() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'conflict', detail: 'The company still has departments', message: 'The company still has departments' });
  });

  it('answers invalid input with 400 and the rule message of the first failing field', async () => {
    const response = await sampleService().inject({
      method: 'POST',
      url: '/employees',
      headers: signed(),
      payload: { firstName: '', email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'validation_failed', message: 'First name is required' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required' },
        { path: 'email', message: 'Invalid email address' },
      ]),
    );
  });

  it('hides the internals of an unexpected failure behind the generic message', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/crash', headers: signed() });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal', message: 'Something went wrong!' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('10.0.0.7');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await sampleService().inject({
      method: 'POST',
      url: '/employees',
      headers: { ...signed(), 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(5000), email: 'a@b.co' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/nowhere', headers: signed() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});

describe('request ids', () => {
  it('keeps the caller request id and echoes it', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami', headers: { ...signed(), 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
  });

  it('generates an id when the caller sent an unsafe one', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami', headers: { ...signed(), 'x-request-id': 'bad id\n' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('probes', () => {
  it('answers /health without a gateway signature', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('is ready only when every dependency answers', async () => {
    const up = await sampleService({ database: async () => true, bus: async () => true }).inject({ method: 'GET', url: '/ready' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ready', checks: { database: 'up', bus: 'up' } });

    const down = await sampleService({ database: async () => true, bus: async () => { throw new Error('no broker'); } }).inject({ method: 'GET', url: '/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', checks: { database: 'up', bus: 'down' } });
  });
});
