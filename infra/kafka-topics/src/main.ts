import { Kafka, logLevel } from 'kafkajs';
import { z } from 'zod';
import { topicPlan } from './topic-plan.ts';

// Creates the event topics and the dead-letter topics on a real Kafka; topics that exist are kept.
const config = z
  .object({
    KAFKA_BROKERS: z
      .string()
      .min(1)
      .transform((value) => value.split(',').map((broker) => broker.trim())),
    TOPIC_PARTITIONS: z.coerce.number().int().positive().default(6),
    TOPIC_REPLICATION: z.coerce.number().int().positive().default(1),
  })
  .parse(process.env);

const admin = new Kafka({ clientId: 'ams-topics', brokers: config.KAFKA_BROKERS, logLevel: logLevel.WARN }).admin();
await admin.connect();
try {
  const existing = new Set(await admin.listTopics());
  const wanted = topicPlan(config.TOPIC_PARTITIONS).filter(({ topic }) => !existing.has(topic));
  if (wanted.length > 0) {
    await admin
      .createTopics({ waitForLeaders: true, topics: wanted.map((topic) => ({ ...topic, replicationFactor: config.TOPIC_REPLICATION })) })
      .catch((error: unknown) => {
        // librdkafka's mock broker has no CreateTopics: `pnpm kafka-mock` creates the whole plan when it starts.
        const missing = wanted.map(({ topic }) => topic).join(', ');
        throw new Error(`The broker did not create the topics ${missing}; a broker without CreateTopics needs them made at its start`, { cause: error });
      });
  }
  console.log(`topics ready (${wanted.length} created)`);
} finally {
  await admin.disconnect();
}
