import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildIdentity } from './app.ts';
import { loadIdentityConfig } from './config.ts';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';

// The identity service alone (distributed mode): its own database, Kafka, reached through the gateway.
failFastOnBadSetup('identity');
const config = loadIdentityConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: IDENTITY_SCHEMA, sources: identityMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: IDENTITY_SCHEMA, applicationName: 'identity' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'identity' });
const app = await buildIdentity({
  pool,
  bus,
  secrets: { internal: config.INTERNAL_SECRET, jwt: config.JWT_SECRET },
  firstAdmin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
  announceGeneratedPassword: (email, password) =>
    console.log(`identity: created SuperAdmin ${email} with password ${password} (shown once; change it after signing in)`),
  logLevel: config.LOG_LEVEL,
  // Replicas share this database: its commits notify the outbox relay instead of being polled for.
  polling: pollingWithNotifications,
});
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => bus.close(), () => pool.end()] });
