import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicPlan } from '@ams/kafka-topics/topic-plan';
import type { KafkaMock } from './index.ts';
import { startStandaloneBroker } from './standalone-broker.ts';

const topicsScript = fileURLToPath(new URL('../../kafka-topics/src/main.ts', import.meta.url));
let broker: KafkaMock;
let port: number;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

beforeAll(async () => {
  port = await freePort();
  broker = await startStandaloneBroker({ port, partitions: 3 });
});

afterAll(async () => {
  await broker?.stop();
});

describe('the standalone mock broker', () => {
  it('listens on the port it was given, with every planned topic and its partitions', async () => {
    expect(broker.bootstrap).toBe(`127.0.0.1:${port}`);
    const admin = new Kafka({ clientId: 'check', brokers: [broker.bootstrap], logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    try {
      const { topics } = await admin.fetchTopicMetadata({ topics: topicPlan(3).map(({ topic }) => topic) });
      expect(Object.fromEntries(topics.map((topic) => [topic.name, topic.partitions.length]))).toEqual(
        Object.fromEntries(topicPlan(3).map(({ topic, numPartitions }) => [topic, numPartitions])),
      );
    } finally {
      await admin.disconnect();
    }
  });

  it('lets infra/kafka-topics finish against it: every topic is there already', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [topicsScript], {
      env: { ...process.env, KAFKA_BROKERS: broker.bootstrap },
    });
    expect(stdout.trim()).toBe('topics ready (0 created)');
  });

  it('refuses a port already in use with a clear reason', async () => {
    await expect(startStandaloneBroker({ port, partitions: 1 })).rejects.toThrow(/is the port in use\?/);
  });
});
