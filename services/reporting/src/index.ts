export { buildReporting, type ReportingDependencies } from './app.ts';
export { REPORTING_SCHEMA, reportingMigrations } from './migrations.ts';
