import { migrate } from '@ams/db';
import { loadGatewayConfig } from './config.ts';
import { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';

// Applies the gateway's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadGatewayConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: GATEWAY_SCHEMA, sources: gatewayMigrations });
console.log('gateway: migrations applied');
