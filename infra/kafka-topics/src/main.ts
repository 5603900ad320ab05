import { Kafka, logLevel } from 'kafkajs';
import { z } from 'zod';
import { deadLetterTopic, topicForFamily } from '@ams/bus';
import { consumerGroups, eventFamilies } from '@ams/contracts';

// Creates the event topics and the dead-letter topics on a real Kafka; topics that exist are kept.
const config = z
  .object({
    KAFKA_BROKERS: z.string().min(1).transform((value) => value.split(',').map((broker) => broker.trim())),
    TOPIC_PARTITIONS: z.coerce.number().int().positive().default(6),
    TOPIC_REPLICATION: z.coerce.number().int().positive().default(1),
  })
  .parse(process.env);

const admin = new Kafka({ clientId: 'ams-topics', brokers: config.KAFKA_BROKERS, logLevel: logLevel.WARN }).admin();
await admin.connect();
try {
  const existing = new Set(await admin.listTopics());
  const wanted = [
    ...eventFamilies.map((family) => ({ topic: topicForFamily(family), numPartitions: config.TOPIC_PARTITIONS })),
    ...consumerGroups.map((group) => ({ topic: deadLetterTopic(group), numPartitions: 1 })),
  ].filter(({ topic }) => !existing.has(topic));
  if (wanted.length > 0) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: wanted.map((topic) => ({ ...topic, replicationFactor: config.TOPIC_REPLICATION })),
    });
  }
  console.log(`topics ready (${wanted.length} created)`);
} finally {
  await admin.disconnect();
}
