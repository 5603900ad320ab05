export { startReporting, type ReportingHarness } from './reporting-harness.ts';
