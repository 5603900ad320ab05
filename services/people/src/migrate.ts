import { migrate } from '@ams/db';
import { loadPeopleConfig } from './config.ts';
import { PEOPLE_SCHEMA, peopleMigrations } from './migrations.ts';

// Applies the people service's pending migrations to DATABASE_URL, then exits (they also run at start).
const config = loadPeopleConfig(process.env);
await migrate({ connectionString: config.DATABASE_URL, schema: PEOPLE_SCHEMA, sources: peopleMigrations });
console.log('people: migrations applied');
