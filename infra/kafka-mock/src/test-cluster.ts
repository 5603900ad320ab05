import { setTimeout as sleep } from 'node:timers/promises';
import { logLevel } from 'kafkajs';
import { createKafkaBus, topicForFamily, type Bus, type KafkaBusOptions } from '@ams/bus';
import { startKafkaMock, type KafkaMock } from './index.ts';

// The mock cluster holds a group's first join for 3 s; short sessions and fetch waits keep tests to seconds.
const consumer = { sessionTimeoutMs: 3_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 };

export interface KafkaTestCluster {
  mock: KafkaMock;
  /** A real Kafka bus on the cluster (one per process a test plays), closed with the cluster. */
  bus(clientId: string, options?: Pick<KafkaBusOptions, 'onGroupJoin'>): Bus;
  close(): Promise<void>;
}

/** The mock cluster with a topic per event family, for services' integration tests of the Kafka adapter. */
export async function startKafkaTestCluster(families: readonly string[], partitions = 2): Promise<KafkaTestCluster> {
  const mock = await startKafkaMock();
  for (const family of families) await mock.createTopic(topicForFamily(family), partitions);
  const buses: Bus[] = [];
  return {
    mock,
    bus(clientId, options = {}) {
      const bus = createKafkaBus({ brokers: mock.brokers, clientId, consumer, logLevel: logLevel.NOTHING, ...options });
      buses.push(bus);
      return bus;
    },
    async close() {
      await Promise.all(buses.splice(0).map((bus) => bus.close()));
      await mock.stop();
    },
  };
}

/** Polls until `probe` gives a value (not null, undefined or false) and returns it; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | null | undefined | false> | T | null | undefined | false, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}
