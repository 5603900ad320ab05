import { afterAll, beforeAll, it } from 'vitest';
import { expectAccessRechecked } from '@ams/service-kit/testing';
import { asCaller, startIdentity, type IdentityHarness } from './test-support/identity-harness.ts';

let harness: IdentityHarness;

beforeAll(async () => {
  harness = await startIdentity();
});
afterAll(async () => {
  await harness?.close();
});

it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
  await expectAccessRechecked(harness.app, 'identity', (principal) => asCaller(principal));
});
