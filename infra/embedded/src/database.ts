import { join } from 'node:path';
import {
  createPool,
  migrate,
  startEmbeddedPostgres,
  startEmbeddedPostgresThread,
  type DatabaseThread,
  type EmbeddedPostgres,
  type MigrationSource,
  type Pool,
} from '@ams/db';
import { ATTENDANCE_SCHEMA, attendanceMigrations } from '@ams/attendance';
import { GATEWAY_SCHEMA, gatewayMigrations } from '@ams/gateway';
import { IDENTITY_SCHEMA, identityMigrations } from '@ams/identity';
import { LEAVE_SCHEMA, leaveMigrations } from '@ams/leave';
import { PEOPLE_SCHEMA, peopleMigrations } from '@ams/people';
import { REPORTING_SCHEMA, reportingMigrations } from '@ams/reporting';
import { SCHEDULING_SCHEMA, schedulingMigrations } from '@ams/scheduling';
import { databaseTemplatesDir } from './database-templates.ts';
import { moveOldLayout } from './old-layout.ts';

export interface AppDatabase {
  name: string;
  schema: string;
  sources: MigrationSource[];
}

/** Every app that owns a database (in production) or a schema of the one embedded database, with its migrations. */
export const appDatabases: AppDatabase[] = [
  { name: 'gateway', schema: GATEWAY_SCHEMA, sources: gatewayMigrations },
  { name: 'identity', schema: IDENTITY_SCHEMA, sources: identityMigrations },
  { name: 'people', schema: PEOPLE_SCHEMA, sources: peopleMigrations },
  { name: 'scheduling', schema: SCHEDULING_SCHEMA, sources: schedulingMigrations },
  { name: 'leave', schema: LEAVE_SCHEMA, sources: leaveMigrations },
  { name: 'attendance', schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations },
  { name: 'reporting', schema: REPORTING_SCHEMA, sources: reportingMigrations },
];

/** Where the embedded database keeps its files and its socket, inside the data directory. */
export const databaseDir = (dataDir: string): string => join(dataDir, 'database');
export const socketDir = (dataDir: string): string => join(dataDir, 'socket');

export interface EmbeddedDatabase {
  postgres: EmbeddedPostgres;
  /** Each app's pool: its own role and schema, so it reads no other app's tables. */
  pools: Map<string, Pool>;
  stop(): Promise<void>;
}

/**
 * The one embedded Postgres of the product, every app in its own schema under its own role (in
 * production each app owns a database; one PGlite instead of seven saves their WASM heaps, their
 * files and their start-up). Each app's migrations run in turn (PGlite runs one transaction at a
 * time anyway), then the data of an older version's per-app databases is moved in. By default the database
 * runs in its own worker thread: PGlite's queries are synchronous WASM, and inline they took half of the
 * services' event loop in a punch rush. Should that thread die, the process exits (an uncaught exception)
 * rather than serve without its database.
 */
export async function startDatabase(dataDir: string, thread: DatabaseThread = 'worker'): Promise<EmbeddedDatabase> {
  const start = thread === 'worker' ? startEmbeddedPostgresThread : startEmbeddedPostgres;
  const postgres = await start({
    dataDir: databaseDir(dataDir),
    socketDir: socketDir(dataDir),
    apps: appDatabases.map((app) => app.schema),
    templatesDir: databaseTemplatesDir,
  });
  const pools = new Map<string, Pool>();
  const stop = async () => {
    await Promise.all([...pools.values()].map((pool) => pool.end()));
    await postgres.stop();
  };
  try {
    for (const app of appDatabases) await migrate({ connectionString: postgres.urlOf(app.schema), schema: app.schema, sources: app.sources });
    await moveOldLayout(dataDir, postgres, appDatabases);
    for (const app of appDatabases) {
      pools.set(app.name, createPool({ connectionString: postgres.urlOf(app.schema), schema: app.schema, applicationName: app.name }));
    }
    return { postgres, pools, stop };
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
}
