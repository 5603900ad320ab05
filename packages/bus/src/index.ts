export {
  deadLetterTopic,
  toDeadLetter,
  topicForFamily,
  topicOf,
  type BatchHandler,
  type BatchOptions,
  type Bus,
  type EventEnvelope,
  type EventHandler,
  type Subscription,
} from './bus.ts';
export { createInProcessBus, type InProcessBusOptions } from './in-process-bus.ts';
export { answerHistoryRequests, HISTORY_TOPIC, type HistoryAnswerOptions } from './history.ts';
export { handleOnce, handleOnceBatch, type BatchLimits, type BatchWork } from './inbox.ts';
export { busMigrations } from './migrations.ts';
export { enqueue, forgetPublishedAbout, outboxRows } from './outbox.ts';
export { newEvent, withOutbox, type RecordEvent } from './unit-of-work.ts';
export { createKafkaBus, defaultConsumerTuning, type BusLogger, type ConsumerTuning, type KafkaBusOptions } from './kafka/index.ts';
export { startOutboxRelay, type OutboxRelay, type OutboxRelayOptions } from './outbox-relay.ts';
export { defaultRetryPolicy, runWithRetries, type RetryOutcome, type RetryPolicy } from './retry.ts';
