export { testClock, type TestClock } from './test-clock.ts';
export { asCaller, TEST_INTERNAL_SECRET } from './caller-headers.ts';
export { call, type Answer } from './service-call.ts';
export { startServiceHarness, type HarnessDependencies, type ServiceHarness, type ServiceHarnessOptions } from './service-harness.ts';
export { expectAccessRechecked, itRechecksAccess, principalsDeniedBy } from './access-recheck.ts';
