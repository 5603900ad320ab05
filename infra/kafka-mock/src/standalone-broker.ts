import { topicPlan } from '@ams/kafka-topics/topic-plan';
import { startKafkaMock, type KafkaMock } from './index.ts';

/**
 * The mock broker as a stand-in for Kafka on a machine without one: on a known port, with every topic of the
 * plan already made (it answers no CreateTopics, so `infra/kafka-topics` then finds nothing to create).
 * It keeps its data in memory: a restarted broker starts empty.
 */
export async function startStandaloneBroker(options: { port: number; partitions: number }): Promise<KafkaMock> {
  const mock = await startKafkaMock({ port: options.port });
  try {
    for (const { topic, numPartitions } of topicPlan(options.partitions)) await mock.createTopic(topic, numPartitions);
  } catch (error) {
    await mock.stop();
    throw error;
  }
  return mock;
}
