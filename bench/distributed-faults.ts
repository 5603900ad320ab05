/**
 * A service under faults in distributed mode: the scheduling service run as its own processes (as deployed,
 * `node services/scheduling/src/server.ts`: Node 24 strips the types itself) on real PostgreSQL (DATABASE_URL, default the local server) and
 * librdkafka's mock broker. Prints:
 *   - start-to-ready (first start, migrations included; then without any broker), restart-to-ready after a graceful stop and after kill -9
 *     (target ≤ 5 s), and how long a graceful stop takes and its exit code (0, within the 15 s shutdown time-out);
 *   - event lag on an idle broker (event published → applied to the consumer's projection), p50/p99 (target ≤ 1 s p99);
 *   - rebalance: two replicas share the group; one leaves (SIGTERM) or dies (kill -9), then events on every
 *     partition are published: time until the survivor has applied all of them.
 *   pnpm bench:faults   (BENCH_LAG_EVENTS, default 100; KAFKA_* settings pass through to the replicas, e.g.
 *   KAFKA_SESSION_TIMEOUT_MS=3000 for the session a test broker allows)
 * Note: librdkafka's mock broker holds every rebalance for the session time-out less 1 s (a real broker completes
 * it once the members rejoin, within a heartbeat), so its rebalance times are an upper bound.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { testEvent } from '@ams/bus/testing';
import { employeeSnapshot } from '@ams/contracts/testing';
import { createPool } from '@ams/db';
import { createTestDatabase } from '@ams/db/testing';
import { startKafkaTestCluster } from '@ams/kafka-mock/test-cluster';

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const lagEvents = Number(process.env.BENCH_LAG_EVENTS ?? 100);
const SERVER = fileURLToPath(new URL('../services/scheduling/src/server.ts', import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 15_000;

const database = await createTestDatabase();
const cluster = await startKafkaTestCluster(['employee', 'organisation', 'settings', 'schedule'], 4);
const people = cluster.bus('people');
const pool = createPool({ connectionString: database.url, schema: 'scheduling' });

interface Replica {
  port: number;
  child: ChildProcess;
}

function startReplica(port: number, brokers = cluster.mock.bootstrap): Replica {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('KAFKA_') || ['PATH', 'HOME'].includes(name)));
  // Node itself runs the service (it strips the types), so kill -9 kills the service, as in production.
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      KAFKA_BROKERS: brokers,
      INTERNAL_SECRET: 'bench-internal-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { port, child };
}

async function probe(replica: Replica): Promise<{ status: number; body: { status?: string; checks?: Record<string, string> } } | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${replica.port}/ready`, { signal: AbortSignal.timeout(3_000) });
    return { status: response.status, body: (await response.json()) as { status?: string; checks?: Record<string, string> } };
  } catch {
    return null;
  }
}

/** Milliseconds from now until /ready answers 200 (and, with `busUp`, reports the bus up: every member joined). */
async function untilReady(replica: Replica, busUp = false): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await probe(replica);
    if (answer?.status === 200 && (!busUp || answer.body.status === 'ready')) return performance.now() - started;
    if (replica.child.exitCode !== null) throw new Error(`The replica on ${replica.port} exited with ${replica.child.exitCode}`);
    if (performance.now() - started > 120_000) throw new Error(`The replica on ${replica.port} was not ready in 120 s`);
    await sleep(20);
  }
}

async function stop(replica: Replica, signal: NodeJS.Signals): Promise<{ ms: number; code: number | null }> {
  const started = performance.now();
  const exited = once(replica.child, 'exit');
  replica.child.kill(signal);
  const [code] = (await exited) as [number | null];
  return { ms: performance.now() - started, code };
}

async function known(ids: readonly string[]): Promise<number> {
  const { rows } = await pool.query<{ count: number }>('SELECT count(*)::int AS count FROM directory_employees WHERE employee_id = ANY($1::uuid[])', [ids]);
  return rows[0]?.count ?? 0;
}

/** Publishes one EmployeeCreated per id and resolves with the ms until the consumer applied all of them. */
async function applied(count: number, startedAt = performance.now()): Promise<number> {
  const employees = Array.from({ length: count }, () => employeeSnapshot({ firstName: 'Bench', lastName: 'Person' }));
  await people.publish(employees.map((employee) => testEvent('employee.EmployeeCreated', employee.employeeId, employee)));
  const ids = employees.map((employee) => employee.employeeId);
  while ((await known(ids)) < ids.length) {
    if (performance.now() - startedAt > 120_000) throw new Error('Events not applied in 120 s');
    await sleep(5);
  }
  return performance.now() - startedAt;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
const ms = (value: number) => `${Math.round(value)} ms`;
const settings = ['KAFKA_SESSION_TIMEOUT_MS', 'KAFKA_HEARTBEAT_INTERVAL_MS', 'KAFKA_REBALANCE_TIMEOUT_MS', 'KAFKA_MAX_WAIT_MS']
  .map((name) => `${name}=${process.env[name] ?? 'default'}`)
  .join(' ');
console.log(`scheduling replicas on PostgreSQL and the Kafka mock broker (${settings})`);

try {
  const first = startReplica(18_301);
  console.log(`start-to-ready, first start (migrations):   ${ms(await untilReady(first))}`);
  console.log(`  bus up (member joined) after:             ${ms(await untilReady(first, true))}`);

  // No broker at all (nothing listens at its address): the service starts, serves, and stops cleanly anyway.
  const alone = startReplica(18_303, '127.0.0.1:1');
  console.log(`start-to-ready without a broker:            ${ms(await untilReady(alone))} (/ready: ${JSON.stringify((await probe(alone))?.body)})`);
  await sleep(3_000); // its members are retrying to connect
  const lonely = await stop(alone, 'SIGTERM');
  console.log(`graceful stop while the broker is away:     ${ms(lonely.ms)}, exit code ${lonely.code}`);

  const lags: number[] = [];
  for (let n = 0; n < lagEvents; n += 1) lags.push(await applied(1));
  console.log(
    `event lag, idle broker, ${lagEvents} events:         p50 ${ms(percentile(lags, 50))}, p99 ${ms(percentile(lags, 99))}, max ${ms(Math.max(...lags))}`,
  );

  const graceful = await stop(first, 'SIGTERM');
  console.log(`graceful stop (SIGTERM):                    ${ms(graceful.ms)}, exit code ${graceful.code} (time-out ${SHUTDOWN_TIMEOUT_MS / 1000} s)`);
  const restarted = startReplica(18_301);
  console.log(`restart-to-ready after a graceful stop:     ${ms(await untilReady(restarted))}`);
  await untilReady(restarted, true);
  const killed = await stop(restarted, 'SIGKILL');
  const again = startReplica(18_301);
  console.log(`restart-to-ready after kill -9:             ${ms(await untilReady(again))} (killed in ${ms(killed.ms)})`);
  console.log(`  bus up (member joined) after:             ${ms(await untilReady(again, true))}`);

  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    const second = startReplica(18_302);
    await untilReady(second, true);
    await untilReady(again, true); // both members joined: the partitions are split
    await sleep(1_000);
    const leftAt = performance.now();
    const left = await stop(second, signal);
    const took = await applied(40, leftAt);
    const how = signal === 'SIGTERM' ? 'leaves (graceful stop)' : 'dies (kill -9)      ';
    console.log(`a replica ${how}: the survivor applied events of every partition after ${ms(took)} (stop took ${ms(left.ms)}, exit ${left.code})`);
  }
  const last = await stop(again, 'SIGTERM');
  console.log(`graceful stop of the last replica:          ${ms(last.ms)}, exit code ${last.code}`);
} finally {
  await pool.end();
  await cluster.close();
  await database.dispose();
}
