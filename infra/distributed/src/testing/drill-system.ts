import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { Secrets } from '@ams/embedded/secrets';
import { dropDatabases } from '../databases.ts';
import { startDistributed, type DistributedSystem } from '../distributed.ts';
import { appNames } from '../topology.ts';

export const DRILL_ADMIN = { email: 'owner@example.com', password: 'Owner-pass-1' } as const;

export interface DrillSystem extends DistributedSystem {
  secrets: Secrets;
  /** The last lines every app wrote, for a failure's message. */
  recentOutput(): string;
  /** Stops everything and drops the drill's databases; resolves with whether every app exited 0. */
  dispose(): Promise<boolean>;
}

/** Ports free right now: the apps must keep theirs across a restart, so the launcher gets fixed numbers. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve) => {
          const server = createServer();
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => {
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    return address.port;
  });
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * The distributed topology for a drill: throw-away databases on the PostgreSQL server at `adminDatabaseUrl`,
 * the mock broker, two attendance replicas, fresh secrets and free ports.
 */
export async function startDrillSystem(adminDatabaseUrl: string): Promise<DrillSystem> {
  const prefix = `ams_drill_${process.pid}_`;
  const ports = await freePorts(8);
  const secrets: Secrets = {
    internal: randomBytes(32).toString('base64url'),
    jwt: randomBytes(32).toString('base64url'),
    pinPepper: randomBytes(32).toString('base64url'),
    clockTicket: randomBytes(32).toString('base64url'),
  };
  const output: string[] = [];
  await dropDatabases(adminDatabaseUrl, appNames, prefix);
  const system = await startDistributed({
    adminDatabaseUrl,
    databasePrefix: prefix,
    brokerPort: 0,
    topicPartitions: 4,
    host: '127.0.0.1',
    gatewayPort: ports[7] ?? 0,
    servicePort: (index) => ports[index] ?? 0,
    replicas: { attendance: 2 },
    secrets,
    admin: DRILL_ADMIN,
    logLevel: 'warn',
    // The mock broker holds a rebalance for the session time-out less 1 s (a real one completes it once members
    // rejoin): a short session keeps the drill's rebalance to seconds, as Kafka's would be.
    env: { ...process.env, KAFKA_SESSION_TIMEOUT_MS: '3000', KAFKA_HEARTBEAT_INTERVAL_MS: '500' },
    output: (instance, line) => {
      output.push(`${instance}: ${line.slice(0, 400)}`);
      if (output.length > 200) output.shift();
    },
  }).catch(async (error: unknown) => {
    await dropDatabases(adminDatabaseUrl, appNames, prefix);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.join('\n')}`, { cause: error });
  });
  return {
    ...system,
    secrets,
    recentOutput: () => output.join('\n'),
    async dispose() {
      const clean = await system.stop();
      await dropDatabases(adminDatabaseUrl, appNames, prefix);
      return clean;
    },
  };
}
