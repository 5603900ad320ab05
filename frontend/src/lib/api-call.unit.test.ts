import { apiRoute, type ApiRoute } from '@ams/contracts';
import { hashKey, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { call, firstLoadAnswers, InvalidAnswerError, pathOf, queriesOf, queryKeyOf, searchParamsOf, urlOf, type RouteKey } from './api-call';
import { api, ApiError, kioskApi } from './api-client';

const id = '6f1c2a4e-0000-4000-8000-000000000001';
const user = {
  id,
  name: 'Ana',
  email: 'ana@example.com',
  image: null,
  accountType: 'Admin',
  type: 'admin',
  roleId: '6f1c2a4e-0000-4000-8000-000000000002',
  roleName: 'HR',
  status: 'enabled',
  companyId: null,
  employeeId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A client whose calls are recorded and answered with `status` and `body` (raw text when a string). */
function answering(status: number, body: unknown, base = api) {
  const seen: Request[] = [];
  const client = base.extend({
    prefixUrl: 'http://app.test/api',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      return new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, seen };
}

describe('the typed client: URLs from the route table', () => {
  it("substitutes and encodes a route's params", () => {
    expect(pathOf('GET /api/users/:id', { id })).toBe(`/api/users/${id}`);
    expect(pathOf('PUT /api/employees/:id/pin', { id: 'a/b c?' })).toBe('/api/employees/a%2Fb%20c%3F/pin');
    expect(pathOf('GET /api/me')).toBe('/api/me');
    expect(() => pathOf('DELETE /api/users/:id', {})).toThrow(/:id/);
    expect(() => pathOf('DELETE /api/users/:id', { id: '' })).toThrow(/:id/);
  });

  it('serialises a query in one way: values as text in the given order, empty ones left out', () => {
    expect(searchParamsOf({ search: '', page: 2, pageSize: 20, companyId: undefined, status: 'active', flag: null }).toString()).toBe(
      'page=2&pageSize=20&status=active',
    );
    expect(searchParamsOf({ search: 'Ana López & co' }).toString()).toBe('search=Ana+L%C3%B3pez+%26+co');
    expect(searchParamsOf(undefined).toString()).toBe('');
    expect(urlOf('GET /api/employees', { query: { search: 'x', page: 1 } })).toBe('/api/employees?search=x&page=1');
    expect(urlOf('GET /api/attendance/:id/history', { params: { id } })).toBe(`/api/attendance/${id}/history`);
  });

  it("sends the route's method to its URL, with the query and a JSON body", async () => {
    const { client, seen } = answering(200, user);
    await call('PATCH /api/users/:id', { params: { id }, body: { name: 'Ana' } }, { client });
    await call('GET /api/users', { query: { search: '', page: 3, pageSize: 20 } }, { client }).catch(() => undefined);
    expect(seen.map((sent) => `${sent.method} ${sent.url}`)).toEqual([
      `PATCH http://app.test/api/users/${id}`,
      'GET http://app.test/api/users?page=3&pageSize=20',
    ]);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(await seen[0]?.json()).toEqual({ name: 'Ana' });
  });

  it('sends a raw upload as its own bytes and type, and a DELETE with a JSON reason', async () => {
    const { client, seen } = answering(204, null);
    await call('DELETE /api/attendance/:id', { params: { id }, body: { reason: 'Wrong day' } }, { client });
    expect(await seen[0]?.json()).toEqual({ reason: 'Wrong day' });
    const upload = answering(200, { wrong: true });
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await call('PUT /api/employees/:id/image', { params: { id }, body: photo }, { client: upload.client }).catch(() => undefined);
    expect(upload.seen[0]?.method).toBe('PUT');
    expect(upload.seen[0]?.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await (upload.seen[0] as Request).arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  it('goes through the client it is given: the kiosk sends no cookie', async () => {
    const ticket = { ticket: 'signed', expiresAt: '2026-01-01T00:00:30.000Z', employee: { name: 'Ana' } };
    const { client, seen } = answering(200, ticket, kioskApi);
    await call('POST /api/clock/identify/pin', { body: { identifier: 'ana@example.com', pin: '1234' } }, { client }).catch(() => undefined);
    expect(seen[0]?.url).toBe('http://app.test/api/clock/identify/pin');
    expect(seen[0]?.credentials).toBe('omit');
    const session = answering(200, user);
    await call('GET /api/users/:id', { params: { id } }, { client: session.client });
    expect(session.seen[0]?.credentials).toBe('same-origin');
  });
});

describe("the typed client: answers checked with the route's response schema", () => {
  it('answers with the parsed answer when it has the shape', async () => {
    const { client } = answering(200, { ...user, extra: 'dropped' });
    await expect(call('GET /api/users/:id', { params: { id } }, { client })).resolves.toEqual(user);
  });

  it('fails with an InvalidAnswerError (an ApiError without status) when the shape is wrong', async () => {
    const wrong = await call('GET /api/users/:id', { params: { id } }, { client: answering(200, { ...user, email: 42 }).client }).catch(
      (error: unknown) => error,
    );
    expect(wrong).toBeInstanceOf(InvalidAnswerError);
    expect(wrong).toBeInstanceOf(ApiError);
    expect(wrong).toMatchObject({ status: null });
    expect((wrong as Error).message).toContain('email');
    // A list route is checked too (this one is read from the lazily loaded table), and an empty answer is no answer.
    await expect(call('GET /api/employees', {}, { client: answering(200, { items: 'none', total: 0 }).client })).rejects.toBeInstanceOf(InvalidAnswerError);
    await expect(call('GET /api/me', {}, { client: answering(200, '').client })).rejects.toBeInstanceOf(InvalidAnswerError);
  });

  it('reads nothing of a 204 answer, and keeps the error handling of the client', async () => {
    await expect(call('DELETE /api/users/:id', { params: { id } }, { client: answering(204, null).client })).resolves.toBeUndefined();
    const problem = { message: 'Email already exists', errors: [{ path: 'email', message: 'Email already exists' }] };
    const failure = await call(
      'POST /api/users',
      { body: { name: 'A', email: 'a@example.com', accountType: 'Admin', roleId: id, status: 'enabled', password: 'x', confirmPassword: 'x' } },
      { client: answering(409, problem).client },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(InvalidAnswerError);
    expect(failure).toMatchObject({ status: 409, message: 'Email already exists', fieldErrors: [{ path: 'email', message: 'Email already exists' }] });
  });

  it("checks the first load's answers with the table's own schemas", () => {
    const keys = Object.keys(firstLoadAnswers) as RouteKey[];
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(firstLoadAnswers[key], key).toBe((apiRoute(key) as ApiRoute).response);
  });
});

describe('query keys from the route table', () => {
  it('are stable: the same request gives the same key, whatever order or empty values it was written with', () => {
    const one = queryKeyOf('GET /api/companies', { query: { search: '', page: 1, pageSize: 200, companyId: undefined } });
    const other = queryKeyOf('GET /api/companies', { query: { pageSize: 200, page: 1 } });
    expect(one).toEqual(['GET /api/companies', { query: { page: '1', pageSize: '200' } }]);
    expect(hashKey(one)).toBe(hashKey(other));
    expect(queryKeyOf('GET /api/users/:id', { params: { id } })).toEqual(queryKeyOf('GET /api/users/:id', { params: { id } }));
    expect(queryKeyOf('GET /api/me')).toEqual(['GET /api/me']);
    expect(queryKeyOf('GET /api/settings', { query: { companyId: undefined } })).toEqual(['GET /api/settings']);
  });

  it('are distinct for different routes, params and queries', () => {
    const keys = [
      queryKeyOf('GET /api/users/:id', { params: { id } }),
      queryKeyOf('GET /api/users/:id', { params: { id: 'other' } }),
      queryKeyOf('GET /api/roles/:id', { params: { id } }),
      queryKeyOf('GET /api/users', { query: { page: 1 } }),
      queryKeyOf('GET /api/users', { query: { page: 2 } }),
      queryKeyOf('GET /api/users', { query: { page: 1, search: 'a' } }),
      queryKeyOf('GET /api/users'),
      queryKeyOf('GET /api/settings', { query: { companyId: id } }),
    ];
    expect(new Set(keys.map((key) => hashKey(key))).size).toBe(keys.length);
  });

  it('select every query of the given routes and no other', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeyOf('GET /api/users', { query: { page: 1 } }), 1);
    client.setQueryData(queryKeyOf('GET /api/users/:id', { params: { id } }), 2);
    client.setQueryData(queryKeyOf('GET /api/roles'), 3);
    const found = client.getQueryCache().findAll(queriesOf('GET /api/users', 'GET /api/users/:id'));
    expect(found.map((query) => query.queryKey[0]).sort()).toEqual(['GET /api/users', 'GET /api/users/:id']);
    // The route key alone is the prefix of every query of that route.
    expect(
      client
        .getQueryCache()
        .findAll({ queryKey: queryKeyOf('GET /api/users') })
        .map((query) => query.queryKey),
    ).toEqual([queryKeyOf('GET /api/users', { query: { page: 1 } })]);
  });
});
