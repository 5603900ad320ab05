import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { createFaceEngine } from '@ams/face';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildPeople } from './app.ts';
import { loadPeopleConfig } from './config.ts';
import { PEOPLE_SCHEMA, peopleMigrations } from './migrations.ts';

// The people service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('people');
const config = loadPeopleConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: PEOPLE_SCHEMA, sources: peopleMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: PEOPLE_SCHEMA, applicationName: 'people' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'people' });
const faces = createFaceEngine({ workers: config.FACE_WORKERS });
const app = await buildPeople({
  pool,
  bus,
  faces,
  secrets: { internal: config.INTERNAL_SECRET, pinPepper: config.PIN_PEPPER },
  logLevel: config.LOG_LEVEL,
  // Replicas share this database: its commits notify the outbox relay instead of being polled for.
  polling: pollingWithNotifications,
});
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => faces.close(), () => bus.close(), () => pool.end()] });
