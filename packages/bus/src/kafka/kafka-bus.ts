import { Kafka, logLevel as kafkaLogLevel, type Admin, type logLevel } from 'kafkajs';
import type { Bus, Subscription } from '../bus.ts';
import { defaultRetryPolicy, type RetryPolicy } from '../retry.ts';
import { startKafkaConsumer, type ConsumerTuning, type GroupJoin } from './kafka-consumer.ts';
import { groupByTopic } from './kafka-message.ts';
import { createKafkaPublisher } from './kafka-producer.ts';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  retry?: RetryPolicy;
  consumer?: ConsumerTuning;
  logLevel?: logLevel;
  /** How long `isReady` waits for the cluster before answering false. */
  readinessTimeoutMs?: number;
  /** Called each time a member of this bus joins its group, with the partitions it got. */
  onGroupJoin?: (join: GroupJoin) => void;
}

/**
 * The bus on Kafka: one topic per event family (created by the topic set-up script, never here),
 * the event key as the message key so order holds per aggregate, one consumer group per service.
 */
export function createKafkaBus(options: KafkaBusOptions): Bus {
  const kafka = new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    logLevel: options.logLevel ?? kafkaLogLevel.WARN,
  });
  const retry = options.retry ?? defaultRetryPolicy;
  const publisher = createKafkaPublisher(kafka);
  const subscriptions = new Set<Subscription>();
  let admin: Promise<Admin> | undefined;
  let closed = false;

  function assertOpen(): void {
    if (closed) throw new Error('The bus is closed');
  }

  /** A metadata round trip: the mock cluster answers it, unlike the group and topic admin calls. */
  async function clusterAnswers(): Promise<void> {
    admin ??= connectAdmin(kafka).catch((error: unknown) => {
      admin = undefined;
      throw error;
    });
    await (await admin).describeCluster();
  }

  return {
    async publish(events) {
      assertOpen();
      await publisher.send(groupByTopic(events));
    },

    async subscribe(group, topics, handler) {
      assertOpen();
      const consumer = await startKafkaConsumer({
        kafka,
        publisher,
        group,
        topics,
        handler,
        retry,
        ...(options.consumer && { tuning: options.consumer }),
        ...(options.onGroupJoin && { onGroupJoin: options.onGroupJoin }),
      });
      if (closed) {
        await consumer.stop();
        throw new Error('The bus closed while subscribing');
      }
      const subscription: Subscription = {
        async stop() {
          subscriptions.delete(subscription);
          await consumer.stop();
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async isReady() {
      if (closed) return false;
      try {
        await withTimeout(
          Promise.all([publisher.connect(), clusterAnswers()]),
          options.readinessTimeoutMs ?? 5_000,
        );
        return publisher.isConnected();
      } catch {
        return false;
      }
    },

    async close() {
      closed = true;
      await Promise.allSettled([...subscriptions].map((subscription) => subscription.stop()));
      await Promise.allSettled([publisher.disconnect(), admin?.then((connected) => connected.disconnect())]);
    },
  };
}

async function connectAdmin(kafka: Kafka): Promise<Admin> {
  const admin = kafka.admin();
  await admin.connect();
  return admin;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
