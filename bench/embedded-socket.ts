/**
 * The embedded database's transport: PGlite served on a Unix socket (what `pnpm start` does) against
 * the loopback TCP port it was served on before. Same PGlite build, same socket server, same pool;
 * only where the server listens differs. Measures a query round trip (one client, one `SELECT $1`
 * at a time: p50, p99, per second) and the kiosk punch's write, an event-store append in its own
 * transaction (appends per second at 1 and 8 writers). Rounds alternate TCP and Unix, and each cell
 * reports the median round, so load from other processes on the machine hits both alike.
 * Baseline, same rounds: the same `SELECT $1` through PGlite's own JavaScript API in this process (no socket, no
 * wire protocol), one cell a round; each transport's round trip is printed beside it, and Unix beside TCP.
 *   node bench/embedded-socket.ts   (BENCH_ROUNDS, default 3; BENCH_SECONDS per cell, default 3)
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createPool, markSharedSession, migrate, withTransaction, type Pool } from '@ams/db';
import { append, eventStoreMigrations } from '@ams/event-store';
import { printComparison, printLoadAverage } from './baseline.ts';

// PGlite and its socket server are dependencies of packages/db, not of the workspace root: loaded
// from there, typed by the little this bench uses.
interface SocketServer {
  start(): Promise<void>;
  stop(): Promise<void>;
  getServerConn(): string;
}
type ServerOptions = { db: unknown; maxConnections: number } & ({ host: string; port: number } | { path: string });
const fromDb = createRequire(new URL('../packages/db/package.json', import.meta.url));
interface PGliteDb {
  query(text: string, values: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}
const { PGlite } = fromDb('@electric-sql/pglite') as { PGlite: { create(): Promise<PGliteDb> } };
const { PGLiteSocketServer } = fromDb('@electric-sql/pglite-socket') as { PGLiteSocketServer: new (options: ServerOptions) => SocketServer };

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const cellMs = Number(process.env.BENCH_SECONDS ?? 3) * 1000;
const schema = 'bench';
const payload = { employeeId: randomUUID(), at: '2026-06-01T08:00:00.000Z', method: 'pin', deviceId: 'kiosk-1' };

type Transport = 'tcp' | 'unix';

interface Served {
  url: string;
  stop(): Promise<void>;
}

/** An in-memory PGlite with the event store migrated, served on loopback TCP or on a Unix socket. */
async function serve(transport: Transport): Promise<Served> {
  const db = await PGlite.create();
  const socketDir = await mkdtemp(join(tmpdir(), 'ams-bench-'));
  const server =
    transport === 'tcp'
      ? new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 64 })
      : new PGLiteSocketServer({ db, path: join(socketDir, '.s.PGSQL.5432'), maxConnections: 64 });
  await server.start();
  const url =
    transport === 'tcp'
      ? `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`
      : `postgres://postgres@${encodeURIComponent(socketDir)}/postgres`;
  markSharedSession(url);
  await migrate({ connectionString: url, schema, sources: [eventStoreMigrations] });
  return {
    url,
    async stop() {
      await server.stop();
      await db.close();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** `SELECT $1` one at a time through `db`, 200 unmeasured, then for the cell's duration: latencies in ms. */
async function timedSelects(db: { query(text: string, values: unknown[]): Promise<unknown> }): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < 200; i += 1) await db.query('SELECT $1::int AS value', [i]);
  const until = performance.now() + cellMs;
  for (let i = 0; performance.now() < until; i += 1) {
    const start = performance.now();
    await db.query('SELECT $1::int AS value', [i]);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

/** One client over the served socket. */
async function roundTrips(url: string): Promise<number[]> {
  const pool = createPool({ connectionString: url, schema, max: 1 });
  try {
    return await timedSelects(pool);
  } finally {
    await pool.end();
  }
}

/** The baseline: PGlite's JavaScript API in this process, no socket nor wire protocol. */
async function directRoundTrips(): Promise<number[]> {
  const db = await PGlite.create();
  try {
    return await timedSelects(db);
  } finally {
    await db.close();
  }
}

/** `writers` loops of an event-store append each in its own transaction, as a punch command does: appends per second. */
async function appendsPerSecond(url: string, writers: number, run: string): Promise<number> {
  const pool: Pool = createPool({ connectionString: url, schema, max: writers });
  let completed = 0;
  try {
    const until = performance.now() + cellMs;
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        let version = 0;
        while (performance.now() < until) {
          const result = await withTransaction(pool, (tx) =>
            append(tx, `work-day-${run}-${writer}`, [{ id: randomUUID(), type: 'ClockedIn', data: payload }], version),
          );
          version = result.nextExpectedVersion;
          completed += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return completed / (cellMs / 1000);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

interface Round {
  p50: number;
  p99: number;
  queriesPerSecond: number;
  appends1: number;
  appends8: number;
}

async function measure(transport: Transport, round: number): Promise<Round> {
  const served = await serve(transport);
  try {
    const latencies = (await roundTrips(served.url)).sort((a, b) => a - b);
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      queriesPerSecond: latencies.length / (cellMs / 1000),
      appends1: await appendsPerSecond(served.url, 1, `r${round}w1`),
      appends8: await appendsPerSecond(served.url, 8, `r${round}w8`),
    };
  } finally {
    await served.stop();
  }
}

printLoadAverage('bench:embedded-socket', 'start');
const results: Record<Transport, Round[]> = { tcp: [], unix: [] };
const direct: { p50: number; p99: number; queriesPerSecond: number }[] = [];
for (let round = 0; round < rounds; round += 1) {
  for (const transport of round % 2 === 0 ? (['tcp', 'unix'] as const) : (['unix', 'tcp'] as const)) {
    results[transport].push(await measure(transport, round));
  }
  const latencies = (await directRoundTrips()).sort((a, b) => a - b);
  direct.push({ p50: percentile(latencies, 50), p99: percentile(latencies, 99), queriesPerSecond: latencies.length / (cellMs / 1000) });
  console.log(`  round ${round + 1} of ${rounds} done`);
}

const cell = (transport: Transport, key: keyof Round, digits: number) => median(results[transport].map((result) => result[key])).toFixed(digits);
const row = (cells: string[]) => `| ${cells.map((text, i) => (i === 0 ? text.padEnd(28) : text.padStart(12))).join(' | ')} |`;
console.log(`\nPGlite (in memory), ${rounds} rounds of ${cellMs / 1000} s per cell, median round`);
console.log(row(['', 'TCP loopback', 'Unix socket']));
console.log(row(['-'.repeat(28), '-'.repeat(12), '-'.repeat(12)]));
console.log(row(['SELECT round trip p50 (ms)', cell('tcp', 'p50', 3), cell('unix', 'p50', 3)]));
console.log(row(['SELECT round trip p99 (ms)', cell('tcp', 'p99', 3), cell('unix', 'p99', 3)]));
console.log(row(['SELECTs per second, 1 client', cell('tcp', 'queriesPerSecond', 0), cell('unix', 'queriesPerSecond', 0)]));
console.log(row(['appends/s, 1 writer', cell('tcp', 'appends1', 0), cell('unix', 'appends1', 0)]));
console.log(row(['appends/s, 8 writers', cell('tcp', 'appends8', 0), cell('unix', 'appends8', 0)]));
const directP50 = median(direct.map((result) => result.p50));
console.log(
  `PGlite's JavaScript API, same rounds: SELECT round trip p50 ${directP50.toFixed(3)} ms, p99 ${median(direct.map((result) => result.p99)).toFixed(3)} ms, ` +
    `${median(direct.map((result) => result.queriesPerSecond)).toFixed(0)} per second`,
);
const p50Of = (transport: Transport) => median(results[transport].map((result) => result.p50));
const jsApi = "PGlite's JS API, no socket";
printComparison({ figure: 'SELECT p50, Unix socket', value: p50Of('unix'), baseline: jsApi, baselineValue: directP50, unit: 'ms', better: 'lower' });
printComparison({ figure: 'SELECT p50, TCP loopback', value: p50Of('tcp'), baseline: jsApi, baselineValue: directP50, unit: 'ms', better: 'lower' });
printComparison({
  figure: 'appends/s at 8 writers, Unix socket',
  value: median(results.unix.map((result) => result.appends8)),
  baseline: 'TCP loopback',
  baselineValue: median(results.tcp.map((result) => result.appends8)),
  unit: '/s',
  better: 'higher',
});
printLoadAverage('bench:embedded-socket', 'end');
