import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildLeave } from './app.ts';
import { loadLeaveConfig } from './config.ts';
import { LEAVE_SCHEMA, leaveMigrations } from './migrations.ts';

// The leave service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('leave');
const config = loadLeaveConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: LEAVE_SCHEMA, sources: leaveMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: LEAVE_SCHEMA, applicationName: 'leave' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'leave' });
const app = await buildLeave({ pool, bus, secrets: { internal: config.INTERNAL_SECRET }, logLevel: config.LOG_LEVEL, polling: pollingWithNotifications });
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => bus.close(), () => pool.end()] });
