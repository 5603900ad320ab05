import { deadLetterTopic, topicForFamily } from '@ams/bus';
import { consumerGroups, eventFamilies } from '@ams/contracts';

export interface PlannedTopic {
  topic: string;
  numPartitions: number;
}

/**
 * Every topic the system uses: one per event family (also those only produced, such as audit) and one
 * dead-letter topic per consumer group. Brokers run with topic auto-creation off, so all must exist up front.
 */
export function topicPlan(partitions: number): PlannedTopic[] {
  return [
    ...eventFamilies.map((family) => ({ topic: topicForFamily(family), numPartitions: partitions })),
    ...consumerGroups.map((group) => ({ topic: deadLetterTopic(group), numPartitions: 1 })),
  ];
}
