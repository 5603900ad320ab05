import { setTimeout as sleep } from 'node:timers/promises';
import { listenForNotifications, withTransaction, type Pool, type PoolClient } from '@ams/db';
import { listeningIdleMs, pollingWithReplicas, startWorker, type Backoff, type Polling, type WakeSource } from '@ams/worker';
import { EVENTS_CHANNEL } from './append-notifier.ts';
import { hasEventsAfterCheckpoint, lockCheckpoint, readCheckpoint, saveCheckpoint } from './checkpoints.ts';
import { hasHeldBackEvents, readAll } from './read.ts';
import { globalPositionOf, type RecordedEvent } from './types.ts';

export interface SubscriptionOptions {
  pool: Pool;
  /** Names the checkpoint: one per projection. */
  name: string;
  /** Applies a batch (the projection update) inside the transaction that also moves the checkpoint. */
  handle: (tx: PoolClient, events: readonly RecordedEvent[]) => Promise<void>;
  batchSize?: number;
  /**
   * How long the idle background loop waits before it asks whether events were committed after the
   * checkpoint: the safety net for what no wake announced (other processes' commits).
   */
  pollIntervalMs?: number;
  /**
   * Whether other processes append to this store: in one process the wakes are enough and the poll is a safety net;
   * with notifications, appends committed elsewhere wake the loop through the database (EVENTS_CHANNEL), as those
   * processes announce them (appendNotifier), and the poll every 5 s is the safety net.
   */
  polling?: Polling;
  /** Announcements of this process's commits: the background loop runs at once. */
  wake?: WakeSource;
  /** Waits between retries of a failed batch (default: from the poll interval, at most 1 s, up to 30 s). */
  backoff?: Partial<Backoff>;
  /** Errors of the background loop (the batch was rolled back and is retried after the backoff). */
  onError?: (error: unknown) => void;
}

export interface CatchUpOptions {
  /**
   * How long to wait for committed events held back by an older transaction still in flight
   * (anywhere on the server) before returning. Default 10 s; 0 returns as soon as nothing is deliverable.
   */
  waitForInFlightMs?: number;
}

export interface Subscription {
  /** Processes batches until nothing committed before the call is left; rethrows a handler's error. */
  catchUp(options?: CatchUpOptions): Promise<void>;
  /** Runs the background loop now rather than at the next poll. */
  wake(): void;
  /** Ends the background loop after the batch in progress. */
  stop(): Promise<void>;
}

/**
 * Runs a checkpointed subscription over the global order. Each batch is read, handled and
 * checkpointed in ONE transaction, so a crash neither applies a batch twice nor loses one.
 */
export function startSubscription(options: SubscriptionOptions): Subscription {
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  // Batches of this process run one at a time; the checkpoint row lock covers other processes.
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const processBatch = (): Promise<number> =>
    exclusive(() =>
      withTransaction(options.pool, async (tx) => {
        const checkpoint = await lockCheckpoint(tx, options.name);
        const events = await readAll(tx, { after: checkpoint, limit: batchSize });
        const last = events.at(-1);
        if (!last) return 0;
        await options.handle(tx, events);
        await saveCheckpoint(tx, options.name, globalPositionOf(last));
        return events.length;
      }),
    );

  const heldBack = (): Promise<boolean> =>
    exclusive(async () => {
      const checkpoint = await readCheckpoint(options.pool, options.name);
      return hasHeldBackEvents(options.pool, checkpoint);
    });

  const polling = options.polling ?? pollingWithReplicas;
  // Listening, a batch can leave committed events behind a transaction still in flight elsewhere; if that one is
  // rolled back (a killed replica), no commit notifies: look again after the poll interval while any are left.
  let lookAgain: ReturnType<typeof setTimeout> | undefined;
  async function lookAgainIfLeftBehind(): Promise<void> {
    if (!polling.listens || lookAgain || !(await hasEventsAfterCheckpoint(options.pool, options.name))) return;
    lookAgain = setTimeout(() => {
      lookAgain = undefined;
      loop.wake();
    }, pollIntervalMs);
  }

  const loop = startWorker({
    // A poll asks first, in one read-only statement: an idle subscription takes no transaction, no row lock.
    run: async (reason) => {
      if (reason === 'poll' && !(await hasEventsAfterCheckpoint(options.pool, options.name))) return 0;
      const processed = await processBatch();
      if (processed < batchSize) await lookAgainIfLeftBehind();
      return processed;
    },
    hasMore: (processed) => processed === batchSize,
    wake: options.wake,
    pollMs: listeningIdleMs(polling, pollIntervalMs),
    backoff: options.backoff,
    onError: options.onError,
  });
  const notifications = polling.listens ? listenForNotifications(options.pool, EVENTS_CHANNEL, () => loop.wake(), { onError: options.onError }) : undefined;

  return {
    async catchUp(catchUpOptions = {}) {
      const deadline = performance.now() + (catchUpOptions.waitForInFlightMs ?? 10_000);
      for (;;) {
        // Asked before draining: an older transaction that commits between a drain and this question
        // would otherwise make its events, and those it held back, look delivered when they are not.
        const waiting = await heldBack();
        // A batch short of the limit took everything deliverable: no need to ask for an empty one.
        while ((await processBatch()) === batchSize);
        if (!waiting || performance.now() >= deadline) return;
        await sleep(10);
      }
    },
    wake: () => loop.wake(),
    async stop() {
      await notifications?.close();
      await loop.stop();
      clearTimeout(lookAgain);
    },
  };
}
