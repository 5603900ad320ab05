import { afterAll, beforeAll, it } from 'vitest';
import { expectAccessRechecked } from '@ams/service-kit/testing';
import { asCaller, startAttendance, type AttendanceHarness } from './test-support/attendance-harness.ts';

let harness: AttendanceHarness;

beforeAll(async () => {
  harness = await startAttendance();
});
afterAll(async () => {
  await harness?.close();
});

it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
  await expectAccessRechecked(harness.app, 'attendance', (principal) => asCaller(principal));
});
