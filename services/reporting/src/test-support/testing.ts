export { startReporting, type ReportingHarness } from './reporting-harness.ts';
export { keepDaysUpTo } from '../day-figures/day-figures-store.ts';
export { workDayChanged } from './fixture-events.ts';
export { waitForRecomputes } from '../day-figures/recompute-jobs.ts';
export { acme, ana, bruno, carla, correctnessEvents, globex } from './correctness-fixture.ts';
export { employeeCreated, scheduleEvent, settingsChanged } from './fixture-events.ts';
