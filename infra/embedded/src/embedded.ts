import { createInProcessBus } from '@ams/bus';
import type { Pool } from '@ams/db';
import { buildGateway, kioskIdentifyRateLimitOf } from '@ams/gateway';
import { createFaceEngine } from '@ams/face';
import { buildIdentity } from '@ams/identity';
import { buildAttendance } from '@ams/attendance';
import { buildLeave } from '@ams/leave';
import { buildPeople } from '@ams/people';
import { buildReporting } from '@ams/reporting';
import { buildScheduling } from '@ams/scheduling';
import type { UpstreamService } from '@ams/contracts';
import type { ServiceApp } from '@ams/service-kit';
import { pollingInOneProcess } from '@ams/worker';
import type { EmbeddedConfig } from './config.ts';
import { startDatabase } from './database.ts';
import { lockDataDir, secureDataDir } from './data-dir.ts';
import { givenSecrets, loadOrCreateSecrets } from './secrets.ts';

export { appDatabases } from './database.ts';

export interface EmbeddedSystem {
  url: string;
  stop(): Promise<void>;
}

function poolOf(pools: Map<string, Pool>, name: string): Pool {
  const pool = pools.get(name);
  if (!pool) throw new Error(`No database is declared for ${name}`);
  return pool;
}

/** A service listens on a free loopback port: only the gateway is reachable from outside. */
async function listenOnLoopback(app: ServiceApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('The service has no address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * The whole product in one process: one embedded Postgres (a schema per app) on a Unix socket in the
 * owner-only data directory, the in-process bus, the services on loopback and the gateway on its public port.
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

    const database = await startDatabase(config.DATA_DIR, config.DATABASE_THREAD);
    cleanups.push(() => database.stop());
    const poolFor = (name: string) => poolOf(database.pools, name);
    // Every writer of the database is in this process: background loops wait for its commits' wakes.
    const polling = pollingInOneProcess;

    // The gateway subscribes first, so it sees the identity events of the first start's seeding.
    // Filled in as the services listen; the gateway reads it per request.
    const upstreams: Partial<Record<UpstreamService, string>> = {};
    const gateway = await buildGateway({
      pool: poolFor('gateway'),
      bus,
      polling,
      upstreams,
      secrets,
      logLevel: config.LOG_LEVEL,
      spaDir: config.SPA_DIR,
      kioskIdentifyRateLimit: kioskIdentifyRateLimitOf(config),
    });
    cleanups.push(() => gateway.close());
    // Reporting reads every service's events, identity's seeding included, so it subscribes next.
    const reporting = await buildReporting({ pool: poolFor('reporting'), bus, secrets, logLevel: config.LOG_LEVEL, polling });
    cleanups.push(() => reporting.close());

    const identity = await buildIdentity({
      pool: poolFor('identity'),
      bus,
      polling,
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
    const faces = createFaceEngine({ workers: config.FACE_WORKERS });
    cleanups.push(() => faces.close());
    const attendance = await buildAttendance({ pool: poolFor('attendance'), bus, faces, secrets, logLevel: config.LOG_LEVEL, polling });
    cleanups.push(() => attendance.close());
    const leave = await buildLeave({ pool: poolFor('leave'), bus, secrets, logLevel: config.LOG_LEVEL, polling });
    cleanups.push(() => leave.close());
    const scheduling = await buildScheduling({ pool: poolFor('scheduling'), bus, secrets, logLevel: config.LOG_LEVEL, polling });
    cleanups.push(() => scheduling.close());

    const people = await buildPeople({ pool: poolFor('people'), bus, faces, secrets, logLevel: config.LOG_LEVEL, polling });
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
