export { createKafkaBus, type KafkaBusOptions } from './kafka-bus.ts';
export { defaultConsumerTuning, type ConsumerTuning, type GroupJoin } from './kafka-consumer.ts';
export type { BusLogger } from './kafka-log.ts';
