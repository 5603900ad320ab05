import { describe, expect, it } from 'vitest';
import type { Principal } from '@ams/contracts';
import { PRINCIPAL_HEADER, PRINCIPAL_SIGNATURE_HEADER, verifyPrincipal } from '@ams/service-kit';
import { clientResponseHeaders, upstreamRequestHeaders, type ProxiedRequest } from './forward-headers.ts';
import { createPrincipalSigner } from './principal-signer.ts';

const secret = 'forward-headers-test-secret-0123456789abcdef';
const principal: Principal = { kind: 'user', userId: 'u-1', accountType: 'Admin', companyId: 'c-1', employeeId: null, permissions: { user: ['read'] } };
const request: ProxiedRequest = { id: 'req-1', method: 'GET', url: '/api/users?page=2', ip: '10.1.2.3', headers: { 'user-agent': 'kiosk/2' }, principal };
const route = { method: 'GET', path: '/api/users' };

function clientHeaders() {
  return {
    authorization: 'Bearer a.b.c',
    cookie: 'token=a.b.c; csrf_token=x',
    'content-type': 'application/json',
    [PRINCIPAL_HEADER]: 'forged',
    [PRINCIPAL_SIGNATURE_HEADER]: 'forged',
    'x-ams-anything': 'forged',
    'x-request-id': 'client-chosen',
  };
}

describe('headers sent to a service', () => {
  it('replace anything under x-ams- with the principal the gateway signed, verifiable by the service', () => {
    const headers = upstreamRequestHeaders(request, clientHeaders(), createPrincipalSigner(secret), true);
    expect(headers['x-ams-anything']).toBeUndefined();
    expect(verifyPrincipal({ method: 'GET', url: '/api/users?page=2', headers }, secret)).toEqual({
      principal,
      client: { ip: '10.1.2.3', userAgent: 'kiosk/2' },
    });
    expect(verifyPrincipal({ method: 'GET', url: '/api/users/u-2', headers }, secret)).toBeNull();
    expect(verifyPrincipal({ method: 'DELETE', url: '/api/users', headers }, secret)).toBeNull();
    expect(headers['x-request-id']).toBe('req-1');
    expect(headers['content-type']).toBe('application/json');
  });

  it('keep the client credentials only for a service that reads them', () => {
    const kept = upstreamRequestHeaders(request, clientHeaders(), createPrincipalSigner(secret), true);
    expect(kept.authorization).toBe('Bearer a.b.c');
    expect(kept.cookie).toBe('token=a.b.c; csrf_token=x');
    const dropped = upstreamRequestHeaders(request, clientHeaders(), createPrincipalSigner(secret), false);
    expect(dropped.authorization).toBeUndefined();
    expect(dropped.cookie).toBeUndefined();
  });
});

describe('the principal signer', () => {
  it('reuses a signature for the same principal and client within a second, and signs anew after', () => {
    let now = 1_000_000;
    const sign = createPrincipalSigner(secret, { now: () => now });
    const client = { ip: '10.1.2.3', userAgent: null };
    const first = sign(principal, client, route);
    now += 500;
    expect(sign(principal, client, route)).toBe(first);
    expect(sign(principal, { ip: '10.9.9.9', userAgent: null }, route)).not.toBe(first);
    now += 1_000;
    expect(sign(principal, { ip: '10.9.9.9', userAgent: null }, route)[PRINCIPAL_HEADER]).not.toBe(first[PRINCIPAL_HEADER]);
  });

  it('signs anew for another method or path, as the service checks both', () => {
    const sign = createPrincipalSigner(secret, { now: () => 5 });
    const client = { ip: '10.1.2.3', userAgent: null };
    const first = sign(principal, client, route);
    expect(sign(principal, client, { method: 'GET', path: '/api/users?page=3' })).toBe(first);
    expect(sign(principal, client, { method: 'POST', path: '/api/users' })).not.toBe(first);
    expect(sign(principal, client, { method: 'GET', path: '/api/roles' })).not.toBe(first);
  });

  it('signs a new principal object at once, so a changed role is never sent under an old signature', () => {
    const sign = createPrincipalSigner(secret, { now: () => 5 });
    const client = { ip: '10.1.2.3', userAgent: null };
    const before = sign(principal, client, route);
    const after = sign({ ...principal, permissions: {} }, client, route);
    expect(after).not.toBe(before);
    expect(verifyPrincipal({ method: 'GET', url: '/api/users', headers: after }, secret, 5)?.principal).toMatchObject({ permissions: {} });
  });
});

describe('headers sent back to the client', () => {
  it('mark an answer not cacheable unless the service said otherwise', () => {
    expect(clientResponseHeaders({ 'content-type': 'application/json' })['cache-control']).toBe('no-store');
    expect(clientResponseHeaders({ 'cache-control': 'public, max-age=60' })['cache-control']).toBe('public, max-age=60');
  });
});
