import { migrate } from '@ams/db';
import { loadIdentityConfig } from './config.ts';
import { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';

// Applies the identity service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadIdentityConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: IDENTITY_SCHEMA, sources: identityMigrations });
console.log('identity: migrations applied');
