import { eventFamily, type EventEnvelope } from '@ams/contracts';

export type { EventEnvelope };

/** Handles one event; throwing means "not handled", so the bus retries and finally dead-letters it. */
export type EventHandler = (event: EventEnvelope) => Promise<void>;

/**
 * Handles events in order (several keys mixed, each key's events in its order); throwing means "not all handled",
 * so the bus hands them over again one by one, each with the usual retries and dead letter.
 */
export type BatchHandler = (events: readonly EventEnvelope[]) => Promise<void>;

export interface BatchOptions {
  /** The most events handed over at once. */
  maxEvents: number;
}

export interface Subscription {
  /** Stops receiving; an event being handled finishes first. */
  stop(): Promise<void>;
}

export interface Bus {
  /** Resolves once the bus has taken responsibility for every event (durably, or handled by every group). */
  publish(events: readonly EventEnvelope[]): Promise<void>;
  /** One consumer group per service: each group gets every event of its topics; order holds per key. */
  subscribe(group: string, topics: readonly string[], handler: EventHandler): Promise<Subscription>;
  /** As `subscribe`, handing over the events that are waiting together, up to `maxEvents` (one commit for many). */
  subscribeBatch(group: string, topics: readonly string[], handler: BatchHandler, options: BatchOptions): Promise<Subscription>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

const TOPIC_PREFIX = 'ams.';

/** One topic per event family: `employee.EmployeeCreated` goes to `ams.employee`. */
export function topicOf(eventType: string): string {
  return `${TOPIC_PREFIX}${eventFamily(eventType)}`;
}

export function topicForFamily(family: string): string {
  return `${TOPIC_PREFIX}${family}`;
}

/** Where a group's events go after every attempt failed. */
export function deadLetterTopic(group: string): string {
  return `${TOPIC_PREFIX}dead-letter.${group}`;
}

/** The dead-lettered copy keeps the original event and says why it was given up. */
export function toDeadLetter(event: EventEnvelope, details: { group: string; sourceTopic: string; attempts: number; error: unknown }): EventEnvelope {
  const message = details.error instanceof Error ? details.error.message : String(details.error);
  return {
    ...event,
    metadata: {
      ...event.metadata,
      'dead-letter-group': details.group,
      'dead-letter-source-topic': details.sourceTopic,
      'dead-letter-attempts': String(details.attempts),
      'dead-letter-error': message.slice(0, 1000),
    },
  };
}
