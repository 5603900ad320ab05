import { describe, expect, it } from 'vitest';
import { createRouteIndex } from './route-index.ts';

describe('the route index', () => {
  it('lists the methods of every route whose pattern fits the path', () => {
    const index = createRouteIndex();
    index.add('GET', '/api/users/:id');
    index.add(['PATCH', 'DELETE'], '/api/users/:id');
    index.add('POST', '/api/users');
    expect(index.allowedMethods('/api/users/42')).toEqual(['DELETE', 'GET', 'PATCH']);
    expect(index.allowedMethods('/api/users')).toEqual(['POST']);
    expect(index.allowedMethods('/api/users/42/photo')).toEqual([]);
  });

  it('ignores catch-all routes and takes path text literally', () => {
    const index = createRouteIndex();
    index.add('GET', '/*');
    index.add('GET', '/api/openapi.json');
    expect(index.allowedMethods('/anything')).toEqual([]);
    expect(index.allowedMethods('/api/openapiXjson')).toEqual([]);
    expect(index.allowedMethods('/api/openapi.json')).toEqual(['GET']);
  });
});
