import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Partitioners, type PartitionMetadata } from 'kafkajs';
import type { EventEnvelope } from '../bus.ts';
import type { ConsumerTuning } from './kafka-consumer.ts';

/**
 * Fast group timings for the mock cluster: it holds every rebalance for session timeout - 1 s
 * (and a first join for 3 s), so a short session keeps each test to a few seconds.
 */
export const testTuning: ConsumerTuning = { sessionTimeoutMs: 3_000, heartbeatIntervalMs: 500, maxWaitTimeInMs: 100 };

export function testEvent(family: string, key: string, payload: Record<string, unknown> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: `${family}.SomethingHappened`,
    version: 1,
    key,
    occurredAt: new Date().toISOString(),
    payload,
    metadata: { 'correlation-id': randomUUID() },
  };
}

export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** The partition the producer's default partitioner picks for a key (murmur2, as Java's client). */
export function partitionOf(key: string, partitions: number): number {
  const partitionMetadata: PartitionMetadata[] = Array.from({ length: partitions }, (_, partitionId) => ({
    partitionId,
    leader: 1,
    partitionErrorCode: 0,
    replicas: [1],
    isr: [1],
    offlineReplicas: [],
  }));
  return Partitioners.DefaultPartitioner()({ topic: 'any', partitionMetadata, message: { key, value: null } });
}

/** Keys that put `perPartition` keys on every partition, so a test exercises all of them. */
export function keysOnEveryPartition(prefix: string, partitions: number, perPartition: number): string[] {
  const counts = new Array<number>(partitions).fill(0);
  const keys: string[] = [];
  for (let i = 0; keys.length < partitions * perPartition; i += 1) {
    const key = `${prefix}-${i}`;
    const partition = partitionOf(key, partitions);
    if ((counts[partition] ?? 0) < perPartition) {
      counts[partition] = (counts[partition] ?? 0) + 1;
      keys.push(key);
    }
  }
  return keys;
}
