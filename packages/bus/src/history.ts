import { HISTORY_ANNOUNCED, HISTORY_REQUESTED, historyRequestedV1, type HistoryAnnounced, type HistoryOwner } from '@ams/contracts';
import type { Pool, PoolClient } from '@ams/db';
import { topicForFamily, type Bus, type EventEnvelope, type Subscription } from './bus.ts';
import { handleOnce } from './inbox.ts';
import { enqueue } from './outbox.ts';
import type { OutboxRelay } from './outbox-relay.ts';
import { newEvent } from './unit-of-work.ts';

export interface HistoryAnswerOptions {
  bus: Bus;
  pool: Pool;
  relay: Pick<OutboxRelay, 'wake'>;
  /** The owner's consumer group (its inbox makes it answer each request once). */
  group: string;
  owner: HistoryOwner;
  now: () => Date;
  /** The owner's current state as integration events, batch by batch (each enqueued as it comes), read in the answer's transaction. */
  announce: (tx: PoolClient, now: Date) => AsyncIterable<readonly EventEnvelope[]>;
}

/** The request topic: every owner listens to it. */
export const HISTORY_TOPIC = topicForFamily('history');

/**
 * Answers history requests: re-announces the owner's current state through its outbox, in one transaction with
 * the request's inbox row (so once per request, whatever the redeliveries), followed by the owner's
 * `history.HistoryAnnounced`. Consumers project whole states, so the repeats change nothing they had.
 */
export function answerHistoryRequests(options: HistoryAnswerOptions): Promise<Subscription> {
  const { bus, pool, relay, group, owner } = options;
  return bus.subscribe(group, [HISTORY_TOPIC], async (request) => {
    if (request.type !== HISTORY_REQUESTED) return;
    const { requestId } = historyRequestedV1.parse(request.payload);
    const answered = await handleOnce(pool, group, request, async (tx) => {
      const now = options.now();
      let events = 0;
      for await (const batch of options.announce(tx, now)) {
        await enqueue(tx, batch);
        events += batch.length;
      }
      const done: HistoryAnnounced = { requestId, owner, events };
      await enqueue(tx, [newEvent(HISTORY_ANNOUNCED, requestId, done, { now })]);
    });
    if (answered) relay.wake();
  });
}
