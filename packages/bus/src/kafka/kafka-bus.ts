import { Kafka, logLevel as kafkaLogLevel, type Admin, type logLevel } from 'kafkajs';
import type { Bus, EventHandler, Subscription } from '../bus.ts';
import { defaultRetryPolicy, type RetryPolicy } from '../retry.ts';
import { withTimeout } from '../with-timeout.ts';
import { startKafkaConsumer, type ConsumerTuning, type GroupJoin, type KafkaConsumerOptions, type KafkaMember } from './kafka-consumer.ts';
import { createKafkaLog, defaultBusLogger, type BusLogger } from './kafka-log.ts';
import { groupByTopic } from './kafka-message.ts';
import { createKafkaPublisher } from './kafka-producer.ts';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  retry?: RetryPolicy;
  /** Group timings; unset ones take `defaultConsumerTuning`. */
  consumer?: ConsumerTuning;
  /** The least level of kafkajs's own entries that reach the logger (default WARN). */
  logLevel?: logLevel;
  /** Where the bus logs (default: JSON lines on stdout, as the services' own logs). */
  logger?: BusLogger;
  /** How long `isReady` waits for the cluster before answering false. */
  readinessTimeoutMs?: number;
  /** Called each time a member of this bus joins its group, with the partitions it got. */
  onGroupJoin?: (join: GroupJoin) => void;
}

/**
 * The bus on Kafka: one topic per event family (created by the topic set-up script, never here),
 * the event key as the message key so order holds per aggregate, one consumer group per service.
 * Subscribing never waits for the broker: members join (and rejoin) in the background, so a service
 * starts and serves without one; `isReady` says whether the broker answers and every member has joined.
 */
export function createKafkaBus(options: KafkaBusOptions): Bus {
  const level = options.logLevel ?? kafkaLogLevel.WARN;
  const log = createKafkaLog(options.logger ?? defaultBusLogger(options.clientId, level));
  const client = { clientId: options.clientId, brokers: options.brokers, logLevel: level, logCreator: log.logCreator };
  const kafka = new Kafka(client);
  // Readiness probes connect once, no retries: a probe asks again soon, and retrying would hold it (and fill
  // the logs) while the broker is away.
  const probing = new Kafka({ ...client, retry: { retries: 0 } });
  const retry = options.retry ?? defaultRetryPolicy;
  const publisher = createKafkaPublisher(kafka);
  const members = new Set<KafkaMember>();
  let admin: Promise<Admin> | undefined;
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new Error('The bus is closed');
  }

  /** A metadata round trip: the mock cluster answers it, unlike the group and topic admin calls. */
  async function clusterAnswers(): Promise<void> {
    admin ??= connectAdmin(probing).catch((error: unknown) => {
      admin = undefined;
      throw error;
    });
    await (await admin).describeCluster();
  }

  async function join(group: string, topics: readonly string[], handler: EventHandler, batch?: KafkaConsumerOptions['batch']): Promise<Subscription> {
    assertOpen();
    const member = startKafkaConsumer({
      kafka,
      publisher,
      group,
      topics,
      handler,
      ...(batch && { batch }),
      retry,
      ...(options.consumer && { tuning: options.consumer }),
      ...(options.onGroupJoin && { onGroupJoin: options.onGroupJoin }),
      onReachability: (reachable, error) => (reachable ? log.reachable() : log.unreachable(error)),
    });
    members.add(member);
    return {
      async stop() {
        members.delete(member);
        await member.stop();
      },
    };
  }

  return {
    async publish(events) {
      assertOpen();
      await publisher.send(groupByTopic(events));
      log.reachable();
    },

    subscribe(group, topics, handler) {
      return join(group, topics, handler);
    },

    subscribeBatch(group, topics, handler, batchOptions) {
      const one: EventHandler = (event) => handler([event]);
      return join(group, topics, one, { handler, maxEvents: Math.max(1, batchOptions.maxEvents) });
    },

    async isReady() {
      if (closed) return false;
      try {
        await withTimeout(clusterAnswers(), options.readinessTimeoutMs ?? 5_000);
        return [...members].every((member) => member.joined());
      } catch {
        return false;
      }
    },

    async close() {
      closed = true;
      await Promise.allSettled([...members].map((member) => member.stop()));
      // Bounded: a producer cut off from the broker may never finish disconnecting, and a stop must end.
      const disconnecting = Promise.allSettled([publisher.disconnect(), admin?.then((connected) => connected.disconnect())]);
      await withTimeout(disconnecting, 3_000).catch(() => undefined);
    },
  };
}

async function connectAdmin(kafka: Kafka): Promise<Admin> {
  const admin = kafka.admin({ retry: { retries: 0 } });
  await admin.connect();
  return admin;
}
