export { createPool, isReachable, markSharedSession, type Pool, type PoolClient, type PoolOptions, type Queryable } from './pool.ts';
export { withTransaction, type IsolationLevel } from './transaction.ts';
export { migrate, type MigrateOptions, type MigrationSource } from './migrate.ts';
export { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded-postgres.ts';
export { ownerOnlyDir, restrictToOwner } from './owner-only.ts';
export { containsPattern, listConditions, searchTerms } from './search.ts';
export { databaseErrorOf, SqlState, type DatabaseErrorFields } from './errors.ts';
export { EVERY_SCOPE, resumableJobs, type ResumableJob, type ResumableJobs } from './resumable-jobs.ts';
