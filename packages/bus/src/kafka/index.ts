export { createKafkaBus, type KafkaBusOptions } from './kafka-bus.ts';
export type { ConsumerTuning, GroupJoin } from './kafka-consumer.ts';
