import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { createPool, migrate, type Pool } from '@ams/db';
import { createTestDatabase, type TestDatabase } from '@ams/db/testing';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import type { Bus } from '../bus.ts';
import { handleOnce } from '../inbox.ts';
import { busMigrations } from '../migrations.ts';
import { createKafkaBus } from './kafka-bus.ts';
import { testEvent, testTuning, until } from './kafka-test-support.ts';
import type { RedeliveryConsumerConfig } from './redelivery-consumer.fixture.ts';

const SCHEMA = 'kafka_redelivery';
const GROUP = 'payroll-projection';
const TOPIC = 'ams.payroll';
const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./redelivery-consumer.fixture.ts', import.meta.url));

let mock: KafkaMock;
let database: TestDatabase;
let pool: Pool;
let child: ChildProcessWithoutNullStreams | undefined;
const buses: Bus[] = [];

beforeAll(async () => {
  mock = await startKafkaMock();
  await mock.createTopic(TOPIC, 2);
  database = await createTestDatabase();
  await migrate({ connectionString: database.url, schema: SCHEMA, sources: [busMigrations] });
  pool = createPool({ connectionString: database.url, schema: SCHEMA });
  // No unique constraint on purpose: a second effect of one event would show as a second row.
  await pool.query('CREATE TABLE effects (event_id uuid NOT NULL)');
});

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(buses.map((bus) => bus.close()));
  await pool?.end();
  await database?.dispose();
  await mock?.stop();
});

/** Starts the consumer process and resolves with the id of the first event it reports as handled. */
async function startDoomedConsumer(): Promise<{ handledId: Promise<string>; process: ChildProcessWithoutNullStreams }> {
  const config: RedeliveryConsumerConfig = { brokers: mock.brokers, group: GROUP, topic: TOPIC, databaseUrl: database.url, schema: SCHEMA };
  const started = spawn(process.execPath, [fixture, JSON.stringify(config)], { cwd: repositoryRoot });
  let stderr = '';
  started.stderr.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const handledId = new Promise<string>((resolve, reject) => {
    createInterface({ input: started.stdout }).on('line', (line) => {
      const match = /^handled (\S+)$/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
    started.once('exit', (code) => reject(new Error(`The consumer process exited (${code}) before handling: ${stderr}`)));
  });
  return { handledId, process: started };
}

describe('Kafka bus redelivery', () => {
  it('redelivers an event whose consumer died after its transaction but before committing the offset, and the inbox keeps one effect', async () => {
    const publisher = createKafkaBus({ brokers: mock.brokers, clientId: 'payroll', logLevel: logLevel.NOTHING });
    buses.push(publisher);
    const event = testEvent('payroll', 'employee-42', { hours: 8 });
    await publisher.publish([event]);

    const doomed = await startDoomedConsumer();
    child = doomed.process;
    expect(await doomed.handledId).toBe(event.id);
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    const { rows: afterFirst } = await pool.query<{ event_id: string }>('SELECT event_id FROM effects');
    expect(afterFirst).toEqual([{ event_id: event.id }]);

    // A new member of the same group starts from the last committed offset: the same event again.
    const deliveries: Array<{ id: string; firstTime: boolean }> = [];
    const successor = createKafkaBus({ brokers: mock.brokers, clientId: 'successor', consumer: testTuning, logLevel: logLevel.NOTHING });
    buses.push(successor);
    await successor.subscribe(GROUP, [TOPIC], async (redelivered) => {
      const firstTime = await handleOnce(pool, GROUP, redelivered, async (tx) => {
        await tx.query('INSERT INTO effects (event_id) VALUES ($1)', [redelivered.id]);
      });
      deliveries.push({ id: redelivered.id, firstTime });
    });
    await until(() => deliveries.length > 0, 'the event to be redelivered', 25_000);

    expect(deliveries[0]).toEqual({ id: event.id, firstTime: false });
    const { rows: effects } = await pool.query<{ event_id: string }>('SELECT event_id FROM effects');
    expect(effects).toEqual([{ event_id: event.id }]);
    const { rows: inbox } = await pool.query('SELECT consumer_group, event_id FROM inbox');
    expect(inbox).toEqual([{ consumer_group: GROUP, event_id: event.id }]);
  });
});
