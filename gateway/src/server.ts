import { createKafkaBus } from '@ams/bus';
import { createPool, migrate } from '@ams/db';
import { failFastOnBadSetup, kafkaBusSettings, listenUntilSignal } from '@ams/service-kit';
import { pollingWithNotifications } from '@ams/worker';
import { buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';
import { kioskIdentifyRateLimitOf } from './kiosk-limits.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';

// The gateway alone (distributed mode): its own database, Kafka, the services at UPSTREAMS.
failFastOnBadSetup('gateway');
const config = loadGatewayConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
const pool = createPool({ connectionString: config.DATABASE_URL, schema: GATEWAY_SCHEMA, applicationName: 'gateway' });
const bus = createKafkaBus({ ...kafkaBusSettings(config), clientId: 'gateway' });
const app = await buildGateway({
  pool,
  bus,
  upstreams: config.UPSTREAMS,
  secrets: { internal: config.INTERNAL_SECRET, jwt: config.JWT_SECRET },
  trustProxy: config.TRUST_PROXY,
  authCacheTtlMs: config.AUTH_CACHE_TTL_MS,
  kioskIdentifyRateLimit: kioskIdentifyRateLimitOf(config),
  logLevel: config.LOG_LEVEL,
  // Replicas share this database: its commits notify the outbox relay instead of being polled for.
  polling: pollingWithNotifications,
  spaDir: config.SPA_DIR,
});
await listenUntilSignal(app, { port: config.PORT, host: config.HOST, onShutdown: [() => bus.close(), () => pool.end()] });
