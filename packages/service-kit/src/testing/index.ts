export { testClock, type TestClock } from './test-clock.ts';
export { expectAccessRechecked, principalDeniedBy } from './access-recheck.ts';
