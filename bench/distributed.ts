/**
 * The distributed stack under faults (issue 21), each app its own process as `pnpm start:distributed` runs it, on
 * the PostgreSQL server at DATABASE_URL (default the local one; throw-away databases) and the mock Kafka broker,
 * with two attendance replicas behind the gateway. Prints cross-service lags, restart-to-ready after SIGKILL and
 * after a graceful stop, the failover gap during a punch burst and the rebalance time after a replica's crash.
 * First, what the stack costs while idle (CPU of each app and of its database backends, transactions per second).
 *   pnpm bench:distributed   (BENCH_STAFF kiosk employees in the burst, default 16; BENCH_IDLE_SECONDS, default 60)
 */
import { performance } from 'node:perf_hooks';
import { burstWithCrash, kioskStaff, rebalanceAfterCrash, startDrillSystem, walkthrough } from '@ams/distributed/testing';
import { describeIdleCost, measureIdleCost } from './distributed-idle.ts';

const staffCount = Number(process.env.BENCH_STAFF ?? 16);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const adminDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ms = (value: number) => `${Math.round(value)} ms`;

const started = performance.now();
const system = await startDrillSystem(adminDatabaseUrl);
console.log(`stack of ${system.instances.length} processes ready in ${ms(performance.now() - started)}`);
try {
  for (const line of describeIdleCost(await measureIdleCost(system, adminDatabaseUrl, idleSeconds))) console.log(line);
  const { api, workplace, result } = await walkthrough(system);
  console.log('cross-service lag (target ≤ 1000 ms p99 on an idle broker)');
  for (const [figure, value] of Object.entries(result.lagsMs)) console.log(`  ${figure.padEnd(22)} ${ms(value)}`);

  const staff = await kioskStaff(system, api, workplace, staffCount, 'BENCH');
  const drill = await burstWithCrash(system, staff);
  console.log(`punch burst: ${drill.answered.length} answered, ${drill.failed.length} failed, ${drill.answeredWhileDown} while attendance was down`);
  console.log(`  restart to ready after SIGKILL   ${ms(drill.restartToReadyMs)} (target ≤ 5000 ms)`);
  console.log(`  failover gap                     ${ms(drill.failoverGapMs)}`);

  const stopped = performance.now();
  const exitCode = await system.stopOne('attendance');
  console.log(`  graceful stop of attendance      ${ms(performance.now() - stopped)}, exit ${String(exitCode)}`);
  console.log(`  restart to ready after the stop  ${ms(await system.restart('attendance'))}`);

  const { rebalanceMs, restartToReadyMs } = await rebalanceAfterCrash(system, api, workplace, 6);
  console.log(`rebalance after a replica's SIGKILL: ${ms(rebalanceMs)} until every new employee was known (replica back in ${ms(restartToReadyMs)})`);
} finally {
  console.log(`stopped ${(await system.dispose()) ? 'cleanly' : 'with apps that did not exit 0'}`);
}
