import { migrate } from '@ams/db';
import { loadReportingConfig } from './config.ts';
import { REPORTING_SCHEMA, reportingMigrations } from './migrations.ts';

// Applies the reporting service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadReportingConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: REPORTING_SCHEMA, sources: reportingMigrations });
console.log('reporting: migrations applied');
