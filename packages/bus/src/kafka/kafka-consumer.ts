import { setTimeout as sleep } from 'node:timers/promises';
import type { EachMessagePayload, Kafka } from 'kafkajs';
import { deadLetterTopic, type EventEnvelope, type EventHandler, type Subscription } from '../bus.ts';
import { runWithRetries, type RetryPolicy } from '../retry.ts';
import { deadLetterOf, nextOffset, readEnvelope, toKafkaMessage, unreadableEnvelope } from './kafka-message.ts';
import type { KafkaPublisher } from './kafka-producer.ts';

export interface ConsumerTuning {
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** How long the broker holds an empty fetch; low values make idle consumers react faster. */
  maxWaitTimeInMs?: number;
  /** Partitions handled at once by one member; order per key holds either way. */
  partitionsConsumedConcurrently?: number;
}

/** What a member got after joining its group: partitions per topic. */
export interface GroupJoin {
  group: string;
  memberId: string;
  assignment: Record<string, number[]>;
}

export interface KafkaConsumerOptions {
  kafka: Kafka;
  publisher: KafkaPublisher;
  group: string;
  topics: readonly string[];
  handler: EventHandler;
  retry: RetryPolicy;
  tuning?: ConsumerTuning;
  onGroupJoin?: (join: GroupJoin) => void;
}

/**
 * The Kafka consumer group of one subscription. A Kafka group must subscribe every member to the same
 * topics (its leader assigns only the topics it asked for, and members drop the rest), so a service's
 * subscriptions to different topics are separate Kafka groups: `identity` reading `ams.audit` and
 * `ams.organisation` becomes `identity~ams.audit` and `identity~ams.organisation`. Replicas of the service
 * subscribe alike and so still share each group.
 */
export function kafkaGroupId(group: string, topics: readonly string[]): string {
  return `${group}~${[...topics].sort().join('+')}`;
}

/**
 * One group member. Each message is handled (with retries), or dead-lettered after the last attempt,
 * and only then is its offset committed: a member that dies earlier leaves the message to the next one.
 * The handler must be idempotent (see `handleOnce`), since that redelivery can follow its commit.
 */
export async function startKafkaConsumer(options: KafkaConsumerOptions): Promise<Subscription> {
  const { kafka, publisher, group, handler, retry, tuning = {} } = options;
  const consumer = kafka.consumer({
    groupId: kafkaGroupId(group, options.topics),
    allowAutoTopicCreation: false,
    ...(tuning.sessionTimeoutMs !== undefined && { sessionTimeout: tuning.sessionTimeoutMs }),
    ...(tuning.heartbeatIntervalMs !== undefined && { heartbeatInterval: tuning.heartbeatIntervalMs }),
    ...(tuning.maxWaitTimeInMs !== undefined && { maxWaitTimeInMs: tuning.maxWaitTimeInMs }),
  });
  const stopping = new AbortController();

  let failures = 0;
  let recovery = Promise.resolve();
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    failures = 0;
    options.onGroupJoin?.({ group, memberId: payload.memberId, assignment: { ...payload.memberAssignment } });
  });
  // kafkajs gives up for good on errors it deems fatal (such as a rejected SyncGroup): a service must not go deaf.
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (!payload.restart && !stopping.signal.aborted) restartLater();
  });

  function restartLater(): void {
    failures += 1;
    const delay = Math.min(30_000, 500 * 2 ** (failures - 1));
    recovery = recovery.then(async () => {
      try {
        await sleep(delay, undefined, { signal: stopping.signal });
        await start();
      } catch {
        if (!stopping.signal.aborted) restartLater();
      }
    });
  }

  async function deadLetter(event: EventEnvelope, source: EachMessagePayload, attempts: number, error: unknown): Promise<void> {
    const copy = deadLetterOf(event, {
      group,
      source: { topic: source.topic, partition: source.partition, offset: source.message.offset },
      attempts,
      error,
    });
    await publisher.send([{ topic: deadLetterTopic(group), messages: [toKafkaMessage(copy)] }]);
  }

  async function consume(payload: EachMessagePayload): Promise<void> {
    const { topic, partition, message } = payload;
    const read = readEnvelope(message.value);
    if (!read.ok) {
      // Parsing again cannot succeed: dead-letter it at once.
      const source = { topic, partition, offset: message.offset, key: message.key, value: message.value };
      // Stamped with the broker's append time: the bus has no business clock of its own.
      await deadLetter(unreadableEnvelope(source, new Date(Number(message.timestamp))), payload, 1, new Error(read.error));
    } else {
      const outcome = await runWithRetries(() => handler(read.event), retry, stopping.signal);
      // Stopping cut the retries short: leave the message uncommitted for the member that takes over.
      if (!outcome.ok && stopping.signal.aborted) return;
      if (!outcome.ok) await deadLetter(read.event, payload, outcome.attempts, outcome.error);
    }
    await consumer.commitOffsets([{ topic, partition, offset: nextOffset(message.offset) }]);
  }

  async function start(): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({ topics: [...options.topics], fromBeginning: true });
    // Resolves once this member has joined the group (or crashed, which the CRASH listener handles).
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: tuning.partitionsConsumedConcurrently ?? 1,
      eachMessage: consume,
    });
  }

  try {
    await start();
  } catch (error) {
    stopping.abort();
    await consumer.disconnect().catch(() => undefined);
    throw error;
  }

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        await recovery;
        // Waits for the message in hand, then leaves the group so the others take its partitions at once.
        await consumer.disconnect();
      })();
      return stopped;
    },
  };
}
