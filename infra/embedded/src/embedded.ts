import { join } from 'node:path';
import { createInProcessBus } from '@ams/bus';
import { createPool, migrate, startEmbeddedPostgres, type EmbeddedPostgres, type MigrationSource, type Pool } from '@ams/db';
import { buildGateway, GATEWAY_SCHEMA, gatewayMigrations } from '@ams/gateway';
import { createFaceEngine } from '@ams/face';
import { buildIdentity, IDENTITY_SCHEMA, identityMigrations } from '@ams/identity';
import { ATTENDANCE_SCHEMA, attendanceMigrations, buildAttendance } from '@ams/attendance';
import { buildLeave, LEAVE_SCHEMA, leaveMigrations } from '@ams/leave';
import { buildPeople, PEOPLE_SCHEMA, peopleMigrations } from '@ams/people';
import { buildReporting, REPORTING_SCHEMA, reportingMigrations } from '@ams/reporting';
import { buildScheduling, SCHEDULING_SCHEMA, schedulingMigrations } from '@ams/scheduling';
import type { UpstreamService } from '@ams/contracts';
import type { ServiceApp } from '@ams/service-kit';
import type { EmbeddedConfig } from './config.ts';
import { lockDataDir, secureDataDir } from './data-dir.ts';
import { givenSecrets, loadOrCreateSecrets } from './secrets.ts';

export interface EmbeddedSystem {
  url: string;
  stop(): Promise<void>;
}

interface Database {
  postgres: EmbeddedPostgres;
  pool: Pool;
}

interface AppDatabase {
  name: string;
  schema: string;
  sources: MigrationSource[];
}

/** Every app that owns a database, with its migrations. */
export const appDatabases: AppDatabase[] = [
  { name: 'gateway', schema: GATEWAY_SCHEMA, sources: gatewayMigrations },
  { name: 'identity', schema: IDENTITY_SCHEMA, sources: identityMigrations },
  { name: 'people', schema: PEOPLE_SCHEMA, sources: peopleMigrations },
  { name: 'scheduling', schema: SCHEDULING_SCHEMA, sources: schedulingMigrations },
  { name: 'leave', schema: LEAVE_SCHEMA, sources: leaveMigrations },
  { name: 'attendance', schema: ATTENDANCE_SCHEMA, sources: attendanceMigrations },
  { name: 'reporting', schema: REPORTING_SCHEMA, sources: reportingMigrations },
];

/**
 * One embedded Postgres per app (as in production, where each owns its database), migrated, served
 * on a Unix socket in the owner-only data directory: no TCP port, so no other local user or process
 * (nor a request forged to loopback) reaches the data around the gateway.
 */
export async function startDatabase(dataDir: string, app: AppDatabase): Promise<Database> {
  const postgres = await startEmbeddedPostgres({ dataDir: join(dataDir, 'postgres', app.name), socketDir: join(dataDir, 'sockets', app.name) });
  try {
    await migrate({ connectionString: postgres.url, schema: app.schema, sources: app.sources });
    return { postgres, pool: createPool({ connectionString: postgres.url, schema: app.schema, applicationName: app.name }) };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}

function databaseOf(databases: Map<string, Database>, name: string): Database {
  const database = databases.get(name);
  if (!database) throw new Error(`No database is declared for ${name}`);
  return database;
}

/** A service listens on a free loopback port: only the gateway is reachable from outside. */
async function listenOnLoopback(app: ServiceApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('The service has no address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The whole product in one process: embedded Postgres on Unix sockets in the owner-only data
 * directory, the in-process bus, the services on loopback and the gateway on its public port.
 */
export async function startEmbedded(config: EmbeddedConfig): Promise<EmbeddedSystem> {
  const unlock = await lockDataDir(config.DATA_DIR);
  const cleanups: Array<() => Promise<void>> = [unlock];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
  };
  try {
    await secureDataDir(config.DATA_DIR);
    const bus = createInProcessBus();
    cleanups.push(() => bus.close());

    const secrets = await loadOrCreateSecrets(config.DATA_DIR, givenSecrets(config));

    // Started side by side: a first start creates each database, which takes seconds of CPU apiece.
    const started = await Promise.allSettled(appDatabases.map((app) => startDatabase(config.DATA_DIR, app)));
    for (const result of started) {
      if (result.status === 'fulfilled') cleanups.push(() => result.value.postgres.stop(), () => result.value.pool.end());
    }
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    const databases = new Map(appDatabases.map((app, index) => [app.name, (started[index] as PromiseFulfilledResult<Database>).value]));
    const gatewayDb = databaseOf(databases, 'gateway');
    const identityDb = databaseOf(databases, 'identity');

    // The gateway subscribes first, so it sees the identity events of the first start's seeding.
    // Filled in as the services listen; the gateway reads it per request.
    const upstreams: Partial<Record<UpstreamService, string>> = {};
    const gateway = await buildGateway({
      pool: gatewayDb.pool,
      bus,
      upstreams,
      secrets,
      logLevel: config.LOG_LEVEL,
      spaDir: config.SPA_DIR,
    });
    cleanups.push(() => gateway.close());
    // Reporting reads every service's events, identity's seeding included, so it subscribes next.
    const reporting = await buildReporting({ pool: databaseOf(databases, 'reporting').pool, bus, secrets, logLevel: config.LOG_LEVEL });
    cleanups.push(() => reporting.close());

    const identity = await buildIdentity({
      pool: identityDb.pool,
      bus,
      secrets,
      firstAdmin: { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      announceGeneratedPassword: (email, password) =>
        console.log(`Created the SuperAdmin ${email} with the password ${password} (shown once: change it after signing in)`),
      logLevel: config.LOG_LEVEL,
    });
    cleanups.push(() => identity.close());
    upstreams.identity = await listenOnLoopback(identity);

    // Consumers of people's and scheduling's events subscribe before anything is published (the
    // in-process bus keeps nothing for late subscribers).
    // One face engine for the process: people enrols faces, attendance identifies them.
    const faces = createFaceEngine();
    cleanups.push(() => faces.close());
    const attendance = await buildAttendance({ pool: databaseOf(databases, 'attendance').pool, bus, faces, secrets, logLevel: config.LOG_LEVEL });
    cleanups.push(() => attendance.close());
    const leave = await buildLeave({ pool: databaseOf(databases, 'leave').pool, bus, secrets, logLevel: config.LOG_LEVEL });
    cleanups.push(() => leave.close());
    const scheduling = await buildScheduling({ pool: databaseOf(databases, 'scheduling').pool, bus, secrets, logLevel: config.LOG_LEVEL });
    cleanups.push(() => scheduling.close());

    const people = await buildPeople({ pool: databaseOf(databases, 'people').pool, bus, faces, secrets, logLevel: config.LOG_LEVEL });
    cleanups.push(() => people.close());
    upstreams.people = await listenOnLoopback(people);
    upstreams.scheduling = await listenOnLoopback(scheduling);
    upstreams.leave = await listenOnLoopback(leave);
    upstreams.attendance = await listenOnLoopback(attendance);
    upstreams.reporting = await listenOnLoopback(reporting);
    await gateway.listen({ port: config.PORT, host: config.HOST });
    const address = gateway.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const shownHost = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
    return { url: `http://${shownHost}:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
