import { createPool, migrate } from '@ams/db';
import { loadReportingConfig } from './config.ts';
import { REPORTING_SCHEMA, reportingMigrations } from './migrations.ts';
import { resetReadModels } from './projections/reporting-projection.ts';

// Empties reporting's read models of DATABASE_URL and moves its projections to a new consumer group, then
// exits: started again, the service reads every topic from its beginning under that group (as far as Kafka keeps
// them) and asks every owning service to announce its current state again. Run it with the service stopped.
const config = loadReportingConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: REPORTING_SCHEMA, sources: reportingMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: REPORTING_SCHEMA, applicationName: 'reporting-rebuild-read-models' });
try {
  const group = await resetReadModels(pool);
  console.log(
    `reporting: read models emptied; the service now reads every topic from the beginning as consumer group ${group} and asks the other services for their state`,
  );
} finally {
  await pool.end();
}
