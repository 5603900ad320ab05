import { afterAll, beforeAll, it } from 'vitest';
import { expectAccessRechecked } from '@ams/service-kit/testing';
import { asCaller, startScheduling, type SchedulingHarness } from './test-support/scheduling-harness.ts';

let harness: SchedulingHarness;

beforeAll(async () => {
  harness = await startScheduling();
});
afterAll(async () => {
  await harness?.close();
});

it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
  await expectAccessRechecked(harness.app, 'scheduling', (principal) => asCaller(principal));
});
