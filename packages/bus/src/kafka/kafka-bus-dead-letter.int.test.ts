import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { startKafkaMock, type KafkaMock } from '@ams/kafka-mock';
import { deadLetterTopic, type Bus, type EventEnvelope } from '../bus.ts';
import { createKafkaBus } from './kafka-bus.ts';
import { UNREADABLE_MESSAGE_TYPE } from './kafka-message.ts';
import { testEvent, testTuning, until } from './kafka-test-support.ts';

const GROUP = 'badge-reader';
let mock: KafkaMock;
const buses: Bus[] = [];

beforeAll(async () => {
  mock = await startKafkaMock();
  await mock.createTopic('ams.badge', 2);
  await mock.createTopic(deadLetterTopic(GROUP), 1);
  await mock.createTopic('ams.visit', 1);
  await mock.createTopic(deadLetterTopic('visit-log'), 1);
});

afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

afterAll(async () => {
  await mock?.stop();
});

function bus(clientId: string, attempts = 3, initialDelayMs = 10): Bus {
  const created = createKafkaBus({
    brokers: mock.brokers,
    clientId,
    consumer: testTuning,
    retry: { attempts, initialDelayMs, maxDelayMs: initialDelayMs * 4 },
    logLevel: logLevel.NOTHING,
  });
  buses.push(created);
  return created;
}

/** Writes raw bytes to a topic, as a broken or foreign producer would. */
async function produceRaw(topic: string, key: string, value: string): Promise<void> {
  const producer = new Kafka({ clientId: 'raw', brokers: mock.brokers, logLevel: logLevel.NOTHING }).producer({
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  try {
    await producer.send({ topic, acks: -1, messages: [{ key, value }] });
  } finally {
    await producer.disconnect();
  }
}

describe('Kafka bus dead letters', () => {
  it('dead-letters an event that fails every attempt and an unreadable message, then goes on with the next events', async () => {
    const key = 'badge-7'; // one key, so one partition and a fixed order
    const good = testEvent('badge', key, { step: 'before' });
    const poison = testEvent('badge', key, { step: 'poison' });
    const later = testEvent('badge', key, { step: 'after' });
    const attempts = new Map<string, number>();
    const handled: string[] = [];
    const deadLetters: EventEnvelope[] = [];
    const consumer = bus('badge-reader');
    await Promise.all([
      consumer.subscribe(GROUP, ['ams.badge'], async (event) => {
        attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
        if (event.id === poison.id) throw new Error('badge reader rejects this event');
        handled.push(event.id);
      }),
      bus('audit').subscribe('dead-letter-audit', [deadLetterTopic(GROUP)], async (event) => void deadLetters.push(event)),
    ]);

    await consumer.publish([good, poison]);
    await produceRaw('ams.badge', key, '{"not": "an envelope"');
    await consumer.publish([later]);
    await until(() => handled.length === 2 && deadLetters.length === 2, 'both dead letters and the later event');

    expect(handled).toEqual([good.id, later.id]);
    expect(attempts.get(poison.id)).toBe(3);
    expect(attempts.get(later.id)).toBe(1);

    const [failed, unreadable] = deadLetters;
    expect(failed).toMatchObject({
      id: poison.id,
      type: poison.type,
      key,
      payload: { step: 'poison' },
      metadata: {
        ...poison.metadata,
        'dead-letter-group': GROUP,
        'dead-letter-source-topic': 'ams.badge',
        'dead-letter-attempts': '3',
        'dead-letter-error': 'badge reader rejects this event',
        'dead-letter-source-offset': '1',
      },
    });
    expect(unreadable).toMatchObject({
      type: UNREADABLE_MESSAGE_TYPE,
      key,
      payload: { value: '{"not": "an envelope"' },
      metadata: { 'dead-letter-group': GROUP, 'dead-letter-attempts': '1', 'dead-letter-source-offset': '2' },
    });
    expect(unreadable?.metadata['dead-letter-error']).toContain('not JSON');
  });

  it('stops retrying at once when the subscription stops, and leaves the event to the next member', async () => {
    const event = testEvent('visit', 'visitor-1');
    const attempts: number[] = [];
    const deadLetters: string[] = [];
    const first = bus('visit-first', 5, 60_000);
    const [subscription] = await Promise.all([
      first.subscribe('visit-log', ['ams.visit'], async () => {
        attempts.push(Date.now());
        throw new Error('database unavailable');
      }),
      bus('audit').subscribe('visit-dead-letters', [deadLetterTopic('visit-log')], async (dead) => void deadLetters.push(dead.id)),
    ]);
    await first.publish([event]);
    await until(() => attempts.length === 1, 'the first attempt');

    const stopStarted = Date.now();
    await subscription.stop();
    expect(Date.now() - stopStarted).toBeLessThan(2_000);
    expect(attempts).toHaveLength(1);

    // Neither committed nor dead-lettered (a dead letter would have been sent before stop resolved): the next member gets it.
    const redelivered: string[] = [];
    await bus('visit-second').subscribe('visit-log', ['ams.visit'], async (again) => void redelivered.push(again.id));
    await until(() => redelivered.length > 0, 'the event to come back');
    expect(redelivered).toEqual([event.id]);
    expect(deadLetters).toEqual([]);
  });
});
