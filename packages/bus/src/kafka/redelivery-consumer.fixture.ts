/**
 * A consumer process for the redelivery test: it handles each event through the inbox (its DB
 * transaction commits), reports it on stdout, then blocks forever so the offset is never committed.
 * The test SIGKILLs it at that point. Usage: node redelivery-consumer.fixture.ts '<json>'
 */
import { logLevel } from 'kafkajs';
import { createPool } from '@ams/db';
import { handleOnce } from '../inbox.ts';
import { createKafkaBus } from './kafka-bus.ts';
import { testTuning } from './kafka-test-support.ts';

export interface RedeliveryConsumerConfig {
  brokers: string[];
  group: string;
  topic: string;
  databaseUrl: string;
  schema: string;
}

const config = JSON.parse(process.argv[2] ?? '{}') as RedeliveryConsumerConfig;
const pool = createPool({ connectionString: config.databaseUrl, schema: config.schema });
const bus = createKafkaBus({ brokers: config.brokers, clientId: 'doomed-consumer', consumer: testTuning, logLevel: logLevel.NOTHING });

await bus.subscribe(config.group, [config.topic], async (event) => {
  await handleOnce(pool, config.group, event, async (tx) => {
    await tx.query('INSERT INTO effects (event_id) VALUES ($1)', [event.id]);
  });
  process.stdout.write(`handled ${event.id}\n`);
  await new Promise<never>(() => undefined);
});
process.stdout.write('subscribed\n');
