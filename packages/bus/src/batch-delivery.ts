import type { BatchHandler, EventEnvelope } from './bus.ts';
import { runWithRetries, type RetryOutcome, type RetryPolicy } from './retry.ts';

export interface BatchDelivery<T> {
  handler: BatchHandler;
  retry: RetryPolicy;
  /** Stopping the member: retries end, and what is not handled stays unsettled. */
  signal: AbortSignal;
  eventOf: (item: T) => EventEnvelope;
  /** After the last attempt at one item failed: dead-letters it, as `subscribe` does. */
  giveUp: (item: T, outcome: Extract<RetryOutcome, { ok: false }>) => Promise<void>;
}

/**
 * Hands `items` to the handler at once; if that fails, one by one with the usual retries and dead letter,
 * so a bad event fails alone and the others are handled (the handler is idempotent, so those the failed
 * batch had handled are not handled twice). Resolves with how many items, from the first, are settled
 * (handled or dead-lettered): fewer than all only when stopping cut retries short.
 */
export async function deliverBatch<T>(items: readonly T[], delivery: BatchDelivery<T>): Promise<number> {
  if (items.length === 0) return 0;
  if (items.length > 1) {
    try {
      await delivery.handler(items.map(delivery.eventOf));
      return items.length;
    } catch {
      // Falls through to one by one, which finds the bad event and reports its error.
    }
  }
  let settled = 0;
  for (const item of items) {
    const outcome = await runWithRetries(() => delivery.handler([delivery.eventOf(item)]), delivery.retry, delivery.signal);
    if (!outcome.ok && delivery.signal.aborted) return settled;
    if (!outcome.ok) await delivery.giveUp(item, outcome);
    settled += 1;
  }
  return settled;
}
