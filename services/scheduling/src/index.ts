export { buildScheduling, SCHEDULING_GROUP, type SchedulingDependencies } from './app.ts';
export { SCHEDULING_SCHEMA, schedulingMigrations } from './migrations.ts';
