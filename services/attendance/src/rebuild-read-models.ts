import { createPool, migrate } from '@ams/db';
import { loadAttendanceConfig } from './config.ts';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from './migrations.ts';
import { rebuildReadModels } from './read-models/projection.ts';

// Rebuilds the attendance read models of DATABASE_URL from the event store, then exits. Safe while the
// service runs: its projection waits for the reset and then helps replaying.
const config = loadAttendanceConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: ATTENDANCE_SCHEMA, applicationName: 'attendance-rebuild-read-models' });
try {
  const started = performance.now();
  const { days } = await rebuildReadModels(pool);
  console.log(`attendance: read models rebuilt (${days} work days) in ${Math.round(performance.now() - started)} ms`);
} finally {
  await pool.end();
}
