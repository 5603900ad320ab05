import { migrate } from '@ams/db';
import { loadAttendanceConfig } from './config.ts';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from './migrations.ts';

// Applies the attendance service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadAttendanceConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
console.log('attendance: migrations applied');
