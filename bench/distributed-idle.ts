/**
 * What the distributed stack costs while nobody uses it (issue 22): each app in its own process on its own database,
 * so other replicas' commits are found by polling (relays, projection probes, jobs). Over an idle window, prints each
 * instance's CPU (its process group: start script and app), the CPU of the PostgreSQL backends serving the apps'
 * databases, and the transactions per second those databases saw (pg_stat_database).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { DrillSystem } from '@ams/distributed/testing';
import { backendCpuSeconds, groupCpuSeconds } from './process-cpu.ts';

export interface IdleCost {
  seconds: number;
  /** Percent of one core, by instance name, then `postgres` for the apps' backends. */
  cpuPercent: Map<string, number>;
  transactionsPerSecond: number;
}

async function transactions(adminDatabaseUrl: string, databases: string[]): Promise<number> {
  const client = new pg.Client({ connectionString: adminDatabaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ total: string }>(
      'SELECT coalesce(sum(xact_commit + xact_rollback), 0)::text AS total FROM pg_stat_database WHERE datname = ANY($1)',
      [databases],
    );
    return Number(rows[0]?.total ?? 0);
  } finally {
    await client.end();
  }
}

/** Leaves the stack alone for `seconds` after a short settling time and reads what it spent meanwhile. */
export async function measureIdleCost(system: DrillSystem, adminDatabaseUrl: string, seconds: number): Promise<IdleCost> {
  const databases = Object.values(system.databaseUrls).map((url) => new URL(url).pathname.slice(1));
  await sleep(5_000);
  const cpuOf = () =>
    new Map([...[...system.processGroups()].map(([name, pgid]) => [name, groupCpuSeconds(pgid)] as const), ['postgres', backendCpuSeconds(databases)]]);
  const before = { cpu: cpuOf(), transactions: await transactions(adminDatabaseUrl, databases) };
  await sleep(seconds * 1000);
  const after = { cpu: cpuOf(), transactions: await transactions(adminDatabaseUrl, databases) };
  const cpuPercent = new Map([...after.cpu].map(([name, used]) => [name, ((used - (before.cpu.get(name) ?? used)) / seconds) * 100]));
  return { seconds, cpuPercent, transactionsPerSecond: (after.transactions - before.transactions) / seconds };
}

/** The figures as lines for the bench's output. */
export function describeIdleCost(cost: IdleCost): string[] {
  const total = [...cost.cpuPercent.values()].reduce((sum, each) => sum + each, 0);
  return [
    `idle for ${cost.seconds} s (Kafka heartbeats every 0.5 s, as the drill sets them; the default is 1 s): ${total.toFixed(2)} % of a core in all (apps and their PostgreSQL backends), ${cost.transactionsPerSecond.toFixed(1)} transactions/s on the apps' databases`,
    ...[...cost.cpuPercent].map(([name, percent]) => `  ${name.padEnd(14)} ${percent.toFixed(2)} %`),
  ];
}
