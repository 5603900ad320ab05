import { describe, expect, it } from 'vitest';
import { apiRoute, apiRouteKey, apiRoutes, successStatusOf, type ApiRoute, type ApiRouteKey } from './api-routes.ts';

const routes = apiRoutes as readonly ApiRoute[];

describe('the route table', () => {
  it('names every route by a key of its own', () => {
    const keys = routes.map(apiRouteKey);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    for (const route of routes) expect(apiRoute(apiRouteKey(route) as ApiRouteKey)).toBe(route);
  });

  it('refuses a key it does not have', () => {
    expect(() => apiRoute('GET /api/nowhere' as ApiRouteKey)).toThrow('No API route GET /api/nowhere in the route table');
  });

  it('answers 200 with a JSON or raw answer, 204 without one, unless a row says otherwise', () => {
    expect(successStatusOf(apiRoute('GET /api/users'))).toBe(200);
    expect(successStatusOf(apiRoute('GET /api/employees/:id/thumbnail'))).toBe(200);
    expect(successStatusOf(apiRoute('DELETE /api/users/:id'))).toBe(204);
    expect(successStatusOf(apiRoute('POST /api/users'))).toBe(201);
    expect(successStatusOf(apiRoute('POST /api/departments'))).toBe(201);
  });
});
