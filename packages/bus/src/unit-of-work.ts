import { randomUUID } from 'node:crypto';
import { withTransaction, type Pool, type PoolClient } from '@ams/db';
import type { EventEnvelope } from './bus.ts';
import { enqueue } from './outbox.ts';
import type { OutboxRelay } from './outbox-relay.ts';

/** Collects the events of one unit of work; they are stored with its writes or not at all. */
export type RecordEvent = (event: EventEnvelope) => void;

/**
 * Runs `work` in one transaction and stores the events it records in the outbox of that same
 * transaction. After the commit it flushes them, so the caller answers only once they left
 * (on the in-process bus: once every consumer applied them).
 */
export async function withOutbox<T>(context: { pool: Pool; relay: OutboxRelay }, work: (tx: PoolClient, record: RecordEvent) => Promise<T>): Promise<T> {
  const events: EventEnvelope[] = [];
  const result = await withTransaction(context.pool, async (tx) => {
    const value = await work(tx, (event) => void events.push(event));
    await enqueue(tx, events);
    return value;
  });
  if (events.length > 0) await context.relay.flush(events.map((event) => event.id));
  return result;
}

/** A new envelope for an event that happens at `options.now` (the service's clock). */
export function newEvent<TPayload>(
  type: string,
  key: string,
  payload: TPayload,
  options: { now: Date; version?: number; metadata?: Record<string, string> },
): EventEnvelope<TPayload> {
  return {
    id: randomUUID(),
    type,
    version: options.version ?? 1,
    key,
    occurredAt: options.now.toISOString(),
    payload,
    metadata: options.metadata ?? {},
  };
}
