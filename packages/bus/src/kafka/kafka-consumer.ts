import { setTimeout as sleep } from 'node:timers/promises';
import type { EachBatchPayload, EachMessagePayload, Kafka, KafkaMessage } from 'kafkajs';
import { deliverBatch } from '../batch-delivery.ts';
import { deadLetterTopic, type BatchHandler, type BatchOptions, type EventEnvelope, type EventHandler, type Subscription } from '../bus.ts';
import { runWithRetries, type RetryPolicy } from '../retry.ts';
import { deadLetterOf, nextOffset, readEnvelope, toKafkaMessage, unreadableEnvelope } from './kafka-message.ts';
import type { KafkaPublisher } from './kafka-producer.ts';

export interface ConsumerTuning {
  /** How long the coordinator waits for a silent member before handing its partitions to the others. */
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** How long the coordinator waits for every member to rejoin during a rebalance. */
  rebalanceTimeoutMs?: number;
  /** How long the broker holds an empty fetch; low values make idle consumers react faster. */
  maxWaitTimeInMs?: number;
  /** Partitions handled at once by one member; order per key holds either way. */
  partitionsConsumedConcurrently?: number;
}

/**
 * Sized so a dead member's partitions move within seconds and an idle consumer sees a new event within
 * ~100 ms (kafkajs's own defaults are a 30 s session and a 5 s fetch wait). 6 s is the least session a
 * Kafka broker accepts by default (group.min.session.timeout.ms).
 */
export const defaultConsumerTuning = {
  sessionTimeoutMs: 6_000,
  heartbeatIntervalMs: 1_000,
  rebalanceTimeoutMs: 10_000,
  maxWaitTimeInMs: 100,
  partitionsConsumedConcurrently: 1,
} as const satisfies Required<ConsumerTuning>;

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
  /** Set: the member hands a partition's fetched messages over in order, up to `maxEvents` at once, instead of `handler`. */
  batch?: BatchOptions & { handler: BatchHandler };
  retry: RetryPolicy;
  tuning?: ConsumerTuning;
  onGroupJoin?: (join: GroupJoin) => void;
  /** Told whether the broker took this member (a join) or not (a failed start); the bus logs from it. */
  onReachability?: (reachable: boolean, error?: unknown) => void;
  /** The longest wait between two attempts to start a member that failed (default 10 s). */
  maxRestartDelayMs?: number;
  /** How long stopping waits for the member to leave its group before giving up on it (default 5 s). */
  leaveTimeoutMs?: number;
}

/** Where a message came from, for its dead-lettered copy. */
interface MessageSource {
  topic: string;
  partition: number;
  message: KafkaMessage;
}

/** A group member that joins in the background; `joined` says whether it holds its partitions now. */
export interface KafkaMember extends Subscription {
  joined(): boolean;
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
 * One group member. It connects and joins in the background, retrying with a capped backoff for as long
 * as it lives, so a service serves what needs no bus while the broker is away or the group rebalances.
 * Each message is handled (with retries), or dead-lettered after the last attempt, and only then is its
 * offset committed: a member that dies earlier leaves the message to the next one. The handler must be
 * idempotent (see `handleOnce`), since that redelivery can follow its commit.
 */
export function startKafkaConsumer(options: KafkaConsumerOptions): KafkaMember {
  const { kafka, publisher, group, handler, retry } = options;
  const tuning = { ...defaultConsumerTuning, ...options.tuning };
  const maxRestartDelayMs = options.maxRestartDelayMs ?? 10_000;
  const consumer = kafka.consumer({
    groupId: kafkaGroupId(group, options.topics),
    allowAutoTopicCreation: false,
    sessionTimeout: tuning.sessionTimeoutMs,
    heartbeatInterval: tuning.heartbeatIntervalMs,
    rebalanceTimeout: tuning.rebalanceTimeoutMs,
    maxWaitTimeInMs: tuning.maxWaitTimeInMs,
  });
  const stopping = new AbortController();

  let joined = false;
  let failures = 0;
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    failures = 0;
    joined = true;
    options.onReachability?.(true);
    options.onGroupJoin?.({ group, memberId: payload.memberId, assignment: { ...payload.memberAssignment } });
  });
  for (const left of [consumer.events.REBALANCING, consumer.events.DISCONNECT, consumer.events.STOP]) {
    consumer.on(left, () => void (joined = false));
  }
  // kafkajs gives up for good on errors it deems fatal (such as a rejected SyncGroup): a service must not go deaf.
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    joined = false;
    if (!payload.restart && !stopping.signal.aborted) void keepTrying(payload.error);
  });

  async function deadLetter(event: EventEnvelope, source: MessageSource, attempts: number, error: unknown): Promise<void> {
    const copy = deadLetterOf(event, { group, source: { topic: source.topic, partition: source.partition, offset: source.message.offset }, attempts, error });
    await publisher.send([{ topic: deadLetterTopic(group), messages: [toKafkaMessage(copy)] }]);
  }

  /** Parsing again cannot succeed: dead-letters it at once. */
  async function deadLetterUnreadable({ topic, partition, message }: MessageSource, error: string): Promise<void> {
    const source = { topic, partition, offset: message.offset, key: message.key, value: message.value };
    // Stamped with the broker's append time: the bus has no business clock of its own.
    await deadLetter(unreadableEnvelope(source, new Date(Number(message.timestamp))), { topic, partition, message }, 1, new Error(error));
  }

  async function consume(payload: EachMessagePayload): Promise<void> {
    const { topic, partition, message } = payload;
    const read = readEnvelope(message.value);
    if (!read.ok) await deadLetterUnreadable(payload, read.error);
    else {
      const outcome = await runWithRetries(() => handler(read.event), retry, stopping.signal);
      // Stopping cut the retries short: leave the message uncommitted for the member that takes over.
      if (!outcome.ok && stopping.signal.aborted) return;
      if (!outcome.ok) await deadLetter(read.event, payload, outcome.attempts, outcome.error);
    }
    await consumer.commitOffsets([{ topic, partition, offset: nextOffset(message.offset) }]);
  }

  /** A partition's fetched messages in order, `maxEvents` at a time, each chunk's offset committed once it is settled. */
  async function consumeBatch(payload: EachBatchPayload, batchOptions: NonNullable<KafkaConsumerOptions['batch']>): Promise<void> {
    const { batch, resolveOffset, heartbeat, isRunning, isStale } = payload;
    const { topic, partition } = batch;
    for (let first = 0; first < batch.messages.length; first += batchOptions.maxEvents) {
      // Stopping, or a rebalance took the partition: the rest is left uncommitted for whoever holds it next.
      if (!isRunning() || isStale() || stopping.signal.aborted) return;
      const chunk = batch.messages.slice(first, first + batchOptions.maxEvents);
      const readable: Array<{ message: KafkaMessage; event: EventEnvelope }> = [];
      for (const message of chunk) {
        const read = readEnvelope(message.value);
        if (read.ok) readable.push({ message, event: read.event });
        else await deadLetterUnreadable({ topic, partition, message }, read.error);
      }
      const settled = await deliverBatch(readable, {
        handler: batchOptions.handler,
        retry,
        signal: stopping.signal,
        eventOf: (item) => item.event,
        giveUp: (item, outcome) => deadLetter(item.event, { topic, partition, message: item.message }, outcome.attempts, outcome.error),
      });
      // Stopping cut the retries short: the whole chunk is redelivered (the handler is idempotent).
      if (settled < readable.length) return;
      const last = chunk[chunk.length - 1]!.offset;
      resolveOffset(last);
      await consumer.commitOffsets([{ topic, partition, offset: nextOffset(last) }]);
      await heartbeat();
    }
  }

  async function start(): Promise<void> {
    await consumer.connect();
    await consumer.subscribe({ topics: [...options.topics], fromBeginning: true });
    // Resolves once this member has joined the group (or crashed, which the CRASH listener handles).
    const batchOptions = options.batch;
    await consumer.run({
      autoCommit: false,
      partitionsConsumedConcurrently: tuning.partitionsConsumedConcurrently,
      ...(batchOptions
        ? { eachBatchAutoResolve: false, eachBatch: (payload: EachBatchPayload) => consumeBatch(payload, batchOptions) }
        : { eachMessage: consume }),
    });
  }

  /** Starts the member, and starts it again after each failure, waiting longer each time up to the cap. */
  let attempts: Promise<void> = Promise.resolve();
  function keepTrying(error?: unknown): Promise<void> {
    attempts = attempts.then(async () => {
      for (let lastError = error; !stopping.signal.aborted;) {
        if (lastError !== undefined) {
          failures += 1;
          options.onReachability?.(false, lastError);
          const delay = Math.min(maxRestartDelayMs, 500 * 2 ** (failures - 1));
          const waited = await sleep(delay, true, { signal: stopping.signal }).catch(() => false);
          if (!waited) return;
          // A failed start can leave kafkajs half connected; the next attempt starts from scratch.
          await consumer.disconnect().catch(() => undefined);
        }
        try {
          await start();
          // Stopped while this start was under way: it must not keep a member in the group.
          if (stopping.signal.aborted) await consumer.disconnect().catch(() => undefined);
          return;
        } catch (startError) {
          lastError = startError;
        }
      }
    });
    return attempts;
  }
  void keepTrying();

  let stopped: Promise<void> | undefined;
  return {
    joined: () => joined,
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        // Waits for the message in hand, then leaves the group so the others take its partitions at once;
        // bounded, since a member cut off from the broker cannot leave (the group then drops it itself).
        // A start still trying to connect is not waited for: it disconnects itself when it ends.
        const leaving = consumer.disconnect().catch(() => undefined);
        await Promise.race([leaving, sleep(options.leaveTimeoutMs ?? 5_000, undefined, { ref: false })]);
        joined = false;
      })();
      return stopped;
    },
  };
}
