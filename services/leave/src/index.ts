export { buildLeave, type LeaveDependencies } from './app.ts';
export { LEAVE_SCHEMA, leaveMigrations } from './migrations.ts';
