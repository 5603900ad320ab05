export { append, type AppendOptions, type AppendResult } from './append.ts';
export { readStream, readStreams, readAll, hasHeldBackEvents, type StreamRead } from './read.ts';
export { hasEventsAfterCheckpoint, lockCheckpoint, readCheckpoint, resetSubscription } from './checkpoints.ts';
export { appendNotifier, EVENTS_CHANNEL } from './append-notifier.ts';
export { startSubscription, type Subscription, type SubscriptionOptions, type CatchUpOptions } from './subscription.ts';
export { fold, type Decider } from './decider.ts';
export {
  createCommandHandler,
  jsonEventCodec,
  type PendingEvent,
  type CommandHandler,
  type CommandHandlerOptions,
  type EventCodec,
  type HandleOptions,
  type HandleResult,
} from './command-handler.ts';
export { commandEventId, nameBasedUuid } from './event-id.ts';
export { AppendRefusedError, WrongExpectedVersionError, EventIdConflictError } from './errors.ts';
export { eventStoreMigrations } from './migrations.ts';
export { globalPositionOf, type ExpectedVersion, type GlobalPosition, type Metadata, type NewEvent, type RecordedEvent, type SideInsert } from './types.ts';
export { createStreamCache, type CachedStream, type StreamCache } from './stream-cache.ts';
