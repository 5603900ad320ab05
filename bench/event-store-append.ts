/**
 * Appends per second of the event store (one event per append, each append its own transaction,
 * like a command) against bare one-row INSERT transactions, at 1, 16 and 64 concurrent writers.
 * Runs in a temporary database on the server at DATABASE_URL, dropped afterwards.
 *   node bench/event-store-append.ts   (BENCH_SECONDS, BENCH_WARMUP_SECONDS to change the durations)
 */
import { randomUUID } from 'node:crypto';
import { createPool, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase, requireServerUrl } from '@ams/db/testing';
import { append, eventStoreMigrations } from '@ams/event-store';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const measureMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const warmUpMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;
const concurrencies = [1, 16, 64];
const schema = 'bench';
const payload = { employeeId: randomUUID(), at: new Date().toISOString(), method: 'face', deviceId: 'kiosk-1' };

/** Runs `writers` loops of `operation` and counts what completes in the measured window after the warm-up. */
async function rate(writers: number, connectionString: string, operation: (pool: Pool, writer: number) => Promise<void>): Promise<number> {
  const pool = createPool({ connectionString, schema, max: writers });
  const start = Date.now();
  const measureFrom = start + warmUpMs;
  const measureUntil = measureFrom + measureMs;
  let completed = 0;
  try {
    await Promise.all(
      Array.from({ length: writers }, async (_, writer) => {
        while (Date.now() < measureUntil) {
          await operation(pool, writer);
          const now = Date.now();
          if (now >= measureFrom && now < measureUntil) completed += 1;
        }
      }),
    );
  } finally {
    await pool.end();
  }
  return completed / (measureMs / 1000);
}

function bareInsert(): (pool: Pool) => Promise<void> {
  const json = JSON.stringify(payload);
  return (pool) =>
    withTransaction(pool, async (tx) => {
      await tx.query('INSERT INTO bare_inserts (payload) VALUES ($1)', [json]);
    });
}

function eventStoreAppend(run: string): (pool: Pool, writer: number) => Promise<void> {
  const versions = new Map<number, number>();
  return async (pool, writer) => {
    const version = versions.get(writer) ?? 0;
    const result = await withTransaction(pool, (tx) =>
      append(tx, `work-day-${run}-${writer}`, [{ id: randomUUID(), type: 'ClockedIn', data: payload }], version),
    );
    versions.set(writer, result.nextExpectedVersion);
  };
}

async function main(): Promise<void> {
  // Its own database on the server, dropped afterwards; the bench is about the real PostgreSQL only.
  process.env.DATABASE_URL = serverUrl;
  requireServerUrl();
  const database = await createTestDatabase();
  const connectionString = database.url;
  const host = new URL(serverUrl).host;
  try {
    await migrate({ connectionString, schema, sources: [eventStoreMigrations] });
    const setup = createPool({ connectionString, schema, max: 1 });
    await setup.query('CREATE TABLE bare_inserts (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    await setup.end();

    console.log(`warm-up ${warmUpMs / 1000} s, measured ${measureMs / 1000} s per cell, server ${host}`);
    const results: { writers: number; bare: number; eventStore: number }[] = [];
    for (const writers of concurrencies) {
      const bare = await rate(writers, connectionString, bareInsert());
      const eventStore = await rate(writers, connectionString, eventStoreAppend(`c${writers}`));
      results.push({ writers, bare, eventStore });
      console.log(`  ${writers} writers done`);
    }
    const row = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(7) : cell.padStart(22))).join(' | ')} |`;
    console.log(row(['writers', 'bare INSERT tx/s', 'event-store append/s', 'append / bare']));
    console.log(row(['-------', '-'.repeat(22), '-'.repeat(22), '-'.repeat(22)]));
    for (const { writers, bare, eventStore } of results) {
      console.log(row([String(writers), bare.toFixed(0), eventStore.toFixed(0), (eventStore / bare).toFixed(2)]));
    }
  } finally {
    await database.dispose();
  }
}

await main();
