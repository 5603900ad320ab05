import { afterAll, beforeAll, it } from 'vitest';
import { expectAccessRechecked } from '@ams/service-kit/testing';
import { asCaller, startLeave, type LeaveHarness } from './test-support/leave-harness.ts';

let harness: LeaveHarness;

beforeAll(async () => {
  harness = await startLeave();
});
afterAll(async () => {
  await harness?.close();
});

it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
  await expectAccessRechecked(harness.app, 'leave', (principal) => asCaller(principal));
});
