import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { everyPermission, formatMessage, routesOf, type AccountType, type Permissions, type RouteAccess, type UpstreamService } from '@ams/contracts';
import { adminOf, anonymous, employeePrincipal, superAdmin } from '@ams/contracts/testing';
import type { ServiceApp } from '../build-service.ts';
import type { SignedInPrincipal } from '../company-scope.ts';
import { asCaller } from './caller-headers.ts';

function principalOf(accountType: Exclude<AccountType, 'SuperAdmin'>, permissions: Permissions): SignedInPrincipal {
  const companyId = randomUUID();
  return { ...(accountType === 'Employee' ? employeePrincipal(companyId) : adminOf(companyId)), permissions };
}

/**
 * The signed-in principals the rule refuses: one of each account type it does not name (holding every
 * permission; a SuperAdmin too, spec §6: it has no personal area), and one holding none of its
 * permissions; empty when it admits every signed-in user.
 */
export function principalsDeniedBy(access: RouteAccess): SignedInPrincipal[] {
  if (access.kind === 'public') return [];
  const denied: SignedInPrincipal[] = [];
  for (const type of ['Employee', 'Admin'] as const) {
    if (!access.accountTypes.includes(type)) denied.push(principalOf(type, everyPermission));
  }
  if (!access.accountTypes.includes('SuperAdmin')) denied.push(superAdmin);
  const permissionless = access.accountTypes.find((type): type is Exclude<AccountType, 'SuperAdmin'> => type !== 'SuperAdmin');
  if (access.permissions.length > 0 && permissionless) denied.push(principalOf(permissionless, {}));
  return denied;
}

/**
 * Calls each signed-in route of `service` straight on the service, as if the gateway had let the call
 * through, with each principal the route's rule refuses (the anonymous one where the rule admits every
 * signed-in user) and an empty body; expects the gateway's own refusals: 403 or 401, before validation.
 */
export async function expectAccessRechecked(app: ServiceApp, service: UpstreamService): Promise<void> {
  const answered: string[] = [];
  const expected: string[] = [];
  for (const route of routesOf(service)) {
    if (route.access.kind === 'public') continue;
    const denied = principalsDeniedBy(route.access);
    for (const caller of denied.length > 0 ? denied : [null]) {
      const url = route.path.replaceAll(':id', randomUUID());
      const response = await app.inject({
        method: route.method,
        url,
        headers: asCaller(caller ?? anonymous, undefined, { method: route.method, path: url }),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      const key = `${route.method} ${route.path} as ${caller ? caller.accountType : 'anonymous'}`;
      answered.push(`${key}: ${response.statusCode} ${String(response.json<{ detail?: unknown }>().detail)}`);
      expected.push(`${key}: ${caller ? `403 ${formatMessage('notPermitted')}` : `401 ${formatMessage('signInFirst')}`}`);
    }
  }
  expect(answered).toEqual(expected);
  expect(answered.length).toBeGreaterThan(0);
}

/** The test every service runs on its own harness: `expectAccessRechecked` over all of its routes. */
export function itRechecksAccess(service: UpstreamService, start: () => Promise<{ app: ServiceApp; close(): Promise<void> }>): void {
  let harness: Awaited<ReturnType<typeof start>> | undefined;
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(async () => {
    await harness?.close();
  });
  it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
    await expectAccessRechecked(harness!.app, service);
  });
}
