import { migrate } from '@ams/db';
import { loadLeaveConfig } from './config.ts';
import { LEAVE_SCHEMA, leaveMigrations } from './migrations.ts';

// Applies the leave service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadLeaveConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: LEAVE_SCHEMA, sources: leaveMigrations });
console.log('leave: migrations applied');
