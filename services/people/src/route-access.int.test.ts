import { afterAll, beforeAll, it } from 'vitest';
import { expectAccessRechecked } from '@ams/service-kit/testing';
import { asCaller, startPeople, type PeopleHarness } from './test-support/people-harness.ts';

let harness: PeopleHarness;

beforeAll(async () => {
  harness = await startPeople();
});
afterAll(async () => {
  await harness?.close();
});

it('refuses by itself, on every signed-in route, a caller the route table denies, as the gateway would', async () => {
  await expectAccessRechecked(harness.app, 'people', (principal) => asCaller(principal));
});
