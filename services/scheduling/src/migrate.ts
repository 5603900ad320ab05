import { migrate } from '@ams/db';
import { loadSchedulingConfig } from './config.ts';
import { SCHEDULING_SCHEMA, schedulingMigrations } from './migrations.ts';

// Applies the scheduling service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadSchedulingConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: SCHEDULING_SCHEMA, sources: schedulingMigrations });
console.log('scheduling: migrations applied');
