export { startReporting, type ReportingHarness } from './reporting-harness.ts';
export { keepDaysUpTo } from '../day-figures/day-figures-store.ts';
export { workDayChanged } from './fixture-events.ts';
