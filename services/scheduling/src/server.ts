import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildScheduling } from './app.ts';
import { loadSchedulingConfig } from './config.ts';
import { SCHEDULING_SCHEMA, schedulingMigrations } from './migrations.ts';

// The scheduling service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('scheduling');
const config = loadSchedulingConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: SCHEDULING_SCHEMA, sources: schedulingMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: SCHEDULING_SCHEMA, applicationName: 'scheduling' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'scheduling' });
const app = await buildScheduling({ pool, bus, secrets: { internal: config.INTERNAL_SECRET }, logLevel: config.LOG_LEVEL, polling: pollingWithNotifications });
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => bus.close(), () => pool.end()] });
