/**
 * Appends per second of the event store (one event per append, each append its own transaction,
 * like a command) against bare one-row INSERT transactions, at 1, 16 and 64 concurrent writers; the
 * appends three ways: announcing nothing, with a statement trigger that notifies in every appending
 * transaction (how appends notified before issue 32), and with the coalesced notifier after each commit
 * (how they notify now where other processes listen). A session listens on the channel throughout, as
 * another replica would. Runs in a temporary database on the server at DATABASE_URL, dropped afterwards.
 *   node bench/event-store-append.ts   (BENCH_SECONDS, BENCH_WARMUP_SECONDS to change the durations)
 */
import { randomUUID } from 'node:crypto';
import { createPool, listenForNotifications, migrate, withTransaction, type Pool } from '@ams/db';
import { createTestDatabase, requireServerUrl } from '@ams/db/testing';
import { append, appendNotifier, EVENTS_CHANNEL, eventStoreMigrations } from '@ams/event-store';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const measureMs = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const warmUpMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 1) * 1000;
const concurrencies = [1, 16, 64];
const schema = 'bench';
const payload = { employeeId: randomUUID(), at: new Date().toISOString(), method: 'face', deviceId: 'kiosk-1' };

/** Runs `writers` loops of `operation` and counts what completes in the measured window after the warm-up. */
async function rate(
  writers: number,
  connectionString: string,
  operation: (pool: Pool, writer: number) => Promise<void>,
  beforeEnd?: () => Promise<void> | undefined,
): Promise<number> {
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
    await beforeEnd?.();
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

type Announce = 'none' | 'trigger' | 'coalesced';

/** Appends of `run`; 'coalesced' notifies after each commit through the pool's one notifier, as a process does. */
async function appendRate(writers: number, connectionString: string, run: string, announce: Announce): Promise<number> {
  const versions = new Map<number, number>();
  let notifier: ReturnType<typeof appendNotifier> | undefined;
  return rate(
    writers,
    connectionString,
    async (pool, writer) => {
      const version = versions.get(writer) ?? 0;
      const result = await withTransaction(pool, (tx) =>
        append(tx, `work-day-${run}-${writer}`, [{ id: randomUUID(), type: 'ClockedIn', data: payload }], version),
      );
      versions.set(writer, result.nextExpectedVersion);
      if (announce !== 'coalesced') return;
      notifier ??= appendNotifier(pool);
      notifier.notify();
    },
    () => notifier?.close(),
  );
}

/** The events_notify trigger of event-store migration 0003 (dropped by 0004), in the bench's schema. */
const perTransactionTrigger = {
  create: `CREATE FUNCTION bench_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN PERFORM pg_notify('${EVENTS_CHANNEL}', ''); RETURN NULL; END $$;
           CREATE TRIGGER bench_events_notify AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION bench_events_notify()`,
  drop: 'DROP TRIGGER bench_events_notify ON events; DROP FUNCTION bench_events_notify()',
};

async function main(): Promise<void> {
  // Its own database on the server, dropped afterwards; the bench is about the real PostgreSQL only.
  process.env.DATABASE_URL = serverUrl;
  requireServerUrl();
  const database = await createTestDatabase();
  const connectionString = database.url;
  const host = new URL(serverUrl).host;
  try {
    await migrate({ connectionString, schema, sources: [eventStoreMigrations] });
    const setup = createPool({ connectionString, schema, max: 2 });
    await setup.query('CREATE TABLE bare_inserts (id bigserial PRIMARY KEY, payload jsonb NOT NULL)');
    // Another replica's subscription: notifications are queued for it and it is signalled of them.
    let heard = 0;
    const listener = listenForNotifications(setup, EVENTS_CHANNEL, () => void (heard += 1));

    console.log(`warm-up ${warmUpMs / 1000} s, measured ${measureMs / 1000} s per cell, server ${host}`);
    const results: { writers: number; bare: number; appends: Record<Announce, number>; notified: Record<Announce, number> }[] = [];
    for (const writers of concurrencies) {
      const bare = await rate(writers, connectionString, bareInsert());
      const appends = { none: 0, trigger: 0, coalesced: 0 };
      const notified = { none: 0, trigger: 0, coalesced: 0 };
      for (const announce of ['none', 'trigger', 'coalesced'] as const) {
        if (announce === 'trigger') await setup.query(perTransactionTrigger.create);
        const heardBefore = heard;
        appends[announce] = await appendRate(writers, connectionString, `${announce}${writers}`, announce);
        notified[announce] = heard - heardBefore;
        if (announce === 'trigger') await setup.query(perTransactionTrigger.drop);
      }
      results.push({ writers, bare, appends, notified });
      console.log(`  ${writers} writers done`);
    }
    await listener.close();
    await setup.end();
    const row = (cells: string[]) => `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(7) : cell.padStart(16))).join(' | ')} |`;
    const announces: Announce[] = ['none', 'trigger', 'coalesced'];
    console.log(row(['writers', 'bare INSERT tx/s', ...announces.flatMap((announce) => [`append/s ${announce}`, `÷ bare ${announce}`])]));
    console.log(row(['-------', ...Array.from({ length: 7 }, () => '-'.repeat(16))]));
    for (const { writers, bare, appends } of results) {
      console.log(
        row([String(writers), bare.toFixed(0), ...announces.flatMap((announce) => [appends[announce].toFixed(0), (appends[announce] / bare).toFixed(2)])]),
      );
    }
    console.log('notifications the listening session heard per cell (warm-up included):');
    for (const { writers, notified } of results)
      console.log(`  ${writers} writers: ${announces.map((announce) => `${announce} ${notified[announce]}`).join(', ')}`);
  } finally {
    await database.dispose();
  }
}

await main();
