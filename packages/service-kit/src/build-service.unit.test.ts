import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { message, type Principal } from '@ams/contracts';
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

function sampleService(readiness: ReadinessChecks = {}, degradable: ReadinessChecks = {}) {
  const app = buildService({ name: 'sample', logLevel: 'silent', gatewaySecret: secret, readiness, degradable, bodyLimit: 1024 });
  app.get('/whoami', async (request) => request.principal);
  app.post(
    '/employees',
    {
      schema: {
        body: z.object({
          firstName: z.string({ error: message('firstNameIsRequired') }).min(1, message('firstNameIsRequired')),
          email: z.email(message('invalidEmailAddress')),
        }),
      },
    },
    async (request) => ({ created: request.body.firstName }),
  );
  app.get('/conflict', async () => {
    throw new AppError('conflict', 'scheduleOverlaps', { params: { fromDate: '2026-05-01' } });
  });
  app.get('/busy', async () => {
    throw new AppError('unavailable', 'faceUnavailable', { retryAfter: 2.2 });
  });
  app.get('/employees/:id', async (request) => request.params);
  app.get('/crash', async () => {
    throw new Error('connection to 10.0.0.7:5432 refused; password=hunter2');
  });
  return app;
}

const signed = (principal: Principal = admin, now = Date.now(), route = { method: 'GET', path: '/whoami' }) => signPrincipal(principal, secret, { now, route });

describe('gateway principal header', () => {
  it('refuses a request that carries no principal header with 401 problem+json', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('gives the route the principal the gateway signed', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/whoami', headers: signed(admin, Date.now(), { method: 'GET', path: '/whoami' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(admin);
  });

  it('refuses a principal altered after signing', async () => {
    const headers = signed();
    const forged = Buffer.from(JSON.stringify({ principal: { ...admin, accountType: 'SuperAdmin' }, issuedAt: Date.now() })).toString('base64url');
    const response = await sampleService().inject({
      method: 'GET',
      url: '/whoami',
      headers: { ...headers, 'x-ams-principal': forged },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a header signed with another secret', async () => {
    const response = await sampleService().inject({
      method: 'GET',
      url: '/whoami',
      headers: signPrincipal(admin, 'other', { route: { method: 'GET', path: '/whoami' } }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a header signed for another method or path, so a captured one cannot be replayed on another route', async () => {
    const forWhoami = signPrincipal(admin, secret, { route: { method: 'GET', path: '/whoami' } });
    expect((await sampleService().inject({ method: 'GET', url: '/whoami?x=1', headers: forWhoami })).statusCode).toBe(200);
    expect((await sampleService().inject({ method: 'GET', url: '/employees/7', headers: forWhoami })).statusCode).toBe(401);
    const forGet = signPrincipal(admin, secret, { route: { method: 'GET', path: '/employees' } });
    const posted = await sampleService().inject({
      method: 'POST',
      url: '/employees',
      headers: forGet,
      payload: { firstName: 'Ana', email: 'ana@example.com' },
    });
    expect(posted.statusCode).toBe(401);
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
  it('maps an AppError code to its status and answers its message key and parameters beside the English text', async () => {
    const response = await sampleService().inject({
      method: 'GET',
      url: '/conflict',
      headers: signed(admin, Date.now(), { method: 'GET', path: '/conflict' }),
    });
    expect(response.statusCode).toBe(409);
    const text = 'This schedule overlaps another schedule of this employee from 2026-05-01';
    expect(response.json()).toMatchObject({
      code: 'conflict',
      detail: text,
      message: text,
      messageKey: 'scheduleOverlaps',
      params: { fromDate: '2026-05-01' },
    });
  });

  it('sends Retry-After, in whole seconds rounded up, when the AppError says when to try again', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/busy', headers: signed(admin, Date.now(), { method: 'GET', path: '/busy' }) });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('3');
    expect(response.json()).toMatchObject({ code: 'unavailable', message: 'Something went wrong!' });
    const conflict = await sampleService().inject({
      method: 'GET',
      url: '/conflict',
      headers: signed(admin, Date.now(), { method: 'GET', path: '/conflict' }),
    });
    expect(conflict.headers['retry-after']).toBeUndefined();
  });

  it('answers invalid input with 400 and the rule message of the first failing field', async () => {
    const response = await sampleService().inject({
      method: 'POST',
      url: '/employees',
      headers: signed(admin, Date.now(), { method: 'POST', path: '/employees' }),
      payload: { firstName: '', email: 'nope' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'validation_failed', message: 'First name is required', messageKey: 'firstNameIsRequired' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'First name is required', messageKey: 'firstNameIsRequired' },
        { path: 'email', message: 'Invalid email address', messageKey: 'invalidEmailAddress' },
      ]),
    );
  });

  it('hides the internals of an unexpected failure behind the generic message', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/crash', headers: signed(admin, Date.now(), { method: 'GET', path: '/crash' }) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal', message: 'Something went wrong!' });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('10.0.0.7');
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await sampleService().inject({
      method: 'POST',
      url: '/employees',
      headers: { ...signed(admin, Date.now(), { method: 'POST', path: '/employees' }), 'content-type': 'application/json' },
      payload: JSON.stringify({ firstName: 'x'.repeat(5000), email: 'a@b.co' }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers an unknown route with a 404 problem', async () => {
    const response = await sampleService().inject({ method: 'GET', url: '/nowhere', headers: signed(admin, Date.now(), { method: 'GET', path: '/nowhere' }) });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it("answers the framework's own refusals as problem+json that does not repeat the request", async () => {
    const app = sampleService();
    const cases = [
      { status: 405, request: { method: 'DELETE', url: '/employees' } },
      { status: 405, request: { method: 'PUT', url: '/employees/7' } },
      { status: 414, request: { method: 'GET', url: `/employees/${'evil'.repeat(750)}` } },
      { status: 400, request: { method: 'GET', url: '/employees/evil%E0%A4%A' } },
      { status: 415, request: { method: 'POST', url: '/employees', headers: { 'content-type': 'application/evil+xml' }, payload: '<evil/>' } },
      { status: 400, request: { method: 'POST', url: '/employees', headers: { 'content-type': 'application/json' }, payload: '{"evil": ' } },
    ] as const;
    for (const { status, request } of cases) {
      const response = await app.inject({
        ...request,
        headers: { ...signed(admin, Date.now(), { method: request.method, path: request.url }), ...('headers' in request ? request.headers : {}) },
      });
      const label = `${request.method} ${request.url.slice(0, 40)}`;
      expect(response.statusCode, label).toBe(status);
      expect(response.headers['content-type'], label).toContain('application/problem+json');
      expect(response.json(), label).toMatchObject({ status });
      expect(response.json().detail, label).not.toContain('evil');
    }
    const wrongMethod = await app.inject({ method: 'DELETE', url: '/employees', headers: signed(admin, Date.now(), { method: 'DELETE', path: '/employees' }) });
    expect(wrongMethod.headers.allow).toBe('POST');
  });
});

describe('request ids', () => {
  it("keeps the gateway's request id (a UUID) and echoes it", async () => {
    const id = '0b7c5b0e-4d0c-4a7e-9a51-2f7f5d1c9e01';
    const response = await sampleService().inject({
      method: 'GET',
      url: '/whoami',
      headers: { ...signed(admin, Date.now(), { method: 'GET', path: '/whoami' }), 'x-request-id': id },
    });
    expect(response.headers['x-request-id']).toBe(id);
  });

  it('mints an id when the one sent is not a UUID', async () => {
    for (const given of ['bad id\n', 'abc-123', 'forged-by-a-client']) {
      const response = await sampleService().inject({
        method: 'GET',
        url: '/whoami',
        headers: { ...signed(admin, Date.now(), { method: 'GET', path: '/whoami' }), 'x-request-id': given },
      });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it('mints its own id at the edge unless a trusted proxy is in front', async () => {
    const id = '0b7c5b0e-4d0c-4a7e-9a51-2f7f5d1c9e01';
    for (const [trustProxy, kept] of [
      [false, false],
      [true, true],
    ] as const) {
      const edge = buildService({ name: 'edge', logLevel: 'silent', gatewaySecret: false, trustProxy });
      edge.get('/ping', async () => 'pong');
      const response = await edge.inject({ method: 'GET', url: '/ping', headers: { 'x-request-id': id } });
      expect(response.headers['x-request-id'] === id).toBe(kept);
    }
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

    const down = await sampleService({
      database: async () => true,
      bus: async () => {
        throw new Error('no broker');
      },
    }).inject({ method: 'GET', url: '/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not ready', checks: { database: 'up', bus: 'down' } });
  });

  it('stays ready while a degradable part (the bus) is away, and reports it as degraded', async () => {
    const noBroker = async () => {
      throw new Error('no broker');
    };
    const degraded = await sampleService({ database: async () => true }, { bus: noBroker }).inject({ method: 'GET', url: '/ready' });
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: 'degraded', checks: { database: 'up', bus: 'degraded' } });

    const up = await sampleService({ database: async () => true }, { bus: async () => true }).inject({ method: 'GET', url: '/ready' });
    expect(up.json()).toEqual({ status: 'ready', checks: { database: 'up', bus: 'up' } });

    const noDatabase = await sampleService({ database: async () => false }, { bus: async () => true }).inject({ method: 'GET', url: '/ready' });
    expect(noDatabase.statusCode).toBe(503);
    expect(noDatabase.json()).toEqual({ status: 'not ready', checks: { database: 'down', bus: 'up' } });
  });
});

describe('a client that went away', () => {
  it('is not logged as a failure, while a crash with the client still there is', async () => {
    const levels: number[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        levels.push((JSON.parse(String(chunk)) as { level: number }).level);
        done();
      },
    });
    const app = buildService({ name: 'sample', logLevel: 'info', gatewaySecret: false, logStream });
    app.get('/gone', async (_request, reply) => {
      reply.raw.destroy();
      throw new Error('the proxied body was cut short');
    });
    app.get('/crash', async () => {
      throw new Error('boom');
    });
    await app.inject({ method: 'GET', url: '/gone' }).catch(() => undefined);
    expect(levels.filter((level) => level >= 50)).toEqual([]);
    await app.inject({ method: 'GET', url: '/crash' });
    expect(levels.filter((level) => level >= 50)).toHaveLength(1);
  });
});
