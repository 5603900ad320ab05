import { randomUUID } from 'node:crypto';
import { eventEnvelopeSchema } from '@ams/contracts';
import type { Message, TopicMessages } from 'kafkajs';
import { toDeadLetter, topicOf, type EventEnvelope } from '../bus.ts';

/** Headers let tools route and inspect messages without parsing the value. */
export const EVENT_ID_HEADER = 'ams-event-id';
export const EVENT_TYPE_HEADER = 'ams-event-type';

/** The type of the envelope that carries a message which was not a readable event into the dead-letter topic. */
export const UNREADABLE_MESSAGE_TYPE = 'bus.UnreadableMessage';

export function toKafkaMessage(event: EventEnvelope): Message {
  return {
    key: event.key,
    value: JSON.stringify(event),
    headers: { [EVENT_ID_HEADER]: event.id, [EVENT_TYPE_HEADER]: event.type },
  };
}

/** One entry per topic, keeping the events' order within each, so order per key survives batching. */
export function groupByTopic(events: readonly EventEnvelope[]): TopicMessages[] {
  const byTopic = new Map<string, Message[]>();
  for (const event of events) {
    const topic = topicOf(event.type);
    const messages = byTopic.get(topic) ?? [];
    messages.push(toKafkaMessage(event));
    byTopic.set(topic, messages);
  }
  return [...byTopic].map(([topic, messages]) => ({ topic, messages }));
}

export type ReadOutcome = { ok: true; event: EventEnvelope } | { ok: false; error: string };

/** Parses a message value; anything that is not a valid envelope is poison that no retry can fix. */
export function readEnvelope(value: Buffer | null): ReadOutcome {
  if (value === null) return { ok: false, error: 'The message has no value' };
  let json: unknown;
  try {
    json = JSON.parse(value.toString('utf8'));
  } catch (error) {
    return { ok: false, error: `The message is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = eventEnvelopeSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: `The message is not an event envelope: ${parsed.error.message}` };
  return { ok: true, event: parsed.data };
}

export interface SourceMessage {
  topic: string;
  partition: number;
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
}

/** Wraps an unreadable message so the dead-letter topic holds only envelopes; the raw value is kept as text. */
export function unreadableEnvelope(source: SourceMessage, now: Date): EventEnvelope {
  const key = source.key?.toString('utf8');
  return {
    id: randomUUID(),
    type: UNREADABLE_MESSAGE_TYPE,
    version: 1,
    key: key && key.length > 0 ? key : `${source.topic}/${source.partition}/${source.offset}`,
    occurredAt: now.toISOString(),
    payload: { value: source.value?.toString('utf8') ?? null },
    metadata: {},
  };
}

/** The dead-lettered copy also says where the original sits, so it can be found and replayed. */
export function deadLetterOf(
  event: EventEnvelope,
  details: { group: string; source: Pick<SourceMessage, 'topic' | 'partition' | 'offset'>; attempts: number; error: unknown },
): EventEnvelope {
  const deadLetter = toDeadLetter(event, {
    group: details.group,
    sourceTopic: details.source.topic,
    attempts: details.attempts,
    error: details.error,
  });
  return {
    ...deadLetter,
    metadata: {
      ...deadLetter.metadata,
      'dead-letter-source-partition': String(details.source.partition),
      'dead-letter-source-offset': details.source.offset,
    },
  };
}

/** Kafka commits the offset of the next message to read. */
export function nextOffset(offset: string): string {
  return (BigInt(offset) + 1n).toString();
}
