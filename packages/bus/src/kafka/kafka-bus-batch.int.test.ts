import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logLevel } from 'kafkajs';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import { deadLetterTopic, type Bus, type EventEnvelope } from '../bus.ts';
import { createKafkaBus } from './kafka-bus.ts';
import { keysOnEveryPartition, testEvent, testTuning, until } from './kafka-test-support.ts';

const GROUP = 'punch-log';
const PARTITIONS = 3;
let mock: KafkaMock;
const buses: Bus[] = [];

beforeAll(async () => {
  mock = await startKafkaMock();
  await mock.createTopic('ams.punch', PARTITIONS);
  await mock.createTopic(deadLetterTopic(GROUP), 1);
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

afterAll(async () => {
  await mock?.stop();
});

function bus(clientId: string): Bus {
  const created = createKafkaBus({
    brokers: mock.brokers,
    clientId,
    consumer: testTuning,
    retry: { attempts: 2, initialDelayMs: 10, maxDelayMs: 10 },
    logLevel: logLevel.NOTHING,
  });
  buses.push(created);
  return created;
}

const stepOf = (event: EventEnvelope) => (event.payload as { step: number }).step;

describe('Kafka bus batch delivery', () => {
  it('hands over several events at once in order per key, and dead-letters only the bad event of a batch', async () => {
    const keys = keysOnEveryPartition('kiosk', PARTITIONS, 2);
    const events = Array.from({ length: 60 }, (_, step) => testEvent('punch', keys[step % keys.length] as string, { step }));
    const poison = events[31] as EventEnvelope;
    const batchSizes: number[] = [];
    const handled: EventEnvelope[] = [];
    const deadLetters: EventEnvelope[] = [];
    const consumer = bus('punch-log');
    await Promise.all([
      consumer.subscribeBatch(
        GROUP,
        ['ams.punch'],
        async (batch) => {
          batchSizes.push(batch.length);
          if (batch.some((event) => event.id === poison.id)) throw new Error('the punch log rejects this event');
          handled.push(...batch);
        },
        { maxEvents: 8 },
      ),
      bus('audit').subscribe('dead-letter-audit', [deadLetterTopic(GROUP)], async (event) => void deadLetters.push(event)),
    ]);

    await consumer.publish(events);
    await until(() => handled.length === events.length - 1 && deadLetters.length === 1, 'every event handled or dead-lettered');

    expect(deadLetters.map((event) => event.id)).toEqual([poison.id]);
    expect(Math.max(...batchSizes)).toBeGreaterThan(1);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(8);
    for (const key of keys) {
      const steps = handled.filter((event) => event.key === key).map(stepOf);
      expect(steps).toEqual(events.filter((event) => event.key === key && event.id !== poison.id).map(stepOf));
    }
  });
});
