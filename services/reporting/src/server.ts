import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildReporting } from './app.ts';
import { loadReportingConfig } from './config.ts';
import { REPORTING_SCHEMA, reportingMigrations } from './migrations.ts';

// The reporting service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('reporting');
const config = loadReportingConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: REPORTING_SCHEMA, sources: reportingMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: REPORTING_SCHEMA, applicationName: 'reporting' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'reporting' });
const app = await buildReporting({ pool, bus, secrets: { internal: config.INTERNAL_SECRET }, logLevel: config.LOG_LEVEL, polling: pollingWithNotifications });
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => bus.close(), () => pool.end()] });
