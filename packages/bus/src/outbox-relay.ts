import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { coalescedNotifier, listenForNotifications, type Pool } from '@ams/db';
import { listeningIdleMs, pollingWithReplicas, startWorker, type Polling } from '@ams/worker';
import type { Bus } from './bus.ts';
import { createLogThrottle } from './log-throttle.ts';
import { withTimeout } from './with-timeout.ts';
import { acquireLease, countUnpublished, markPublished, prunePublished, readPending, releaseLease } from './outbox.ts';

export interface OutboxRelayOptions {
  pool: Pool;
  bus: Bus;
  batchSize?: number;
  /** The idle poll beside other replicas, and the wait after a failed run (it then doubles). */
  pollIntervalMs?: number;
  /**
   * Whether other replicas write this outbox: in one process every commit wakes the relay (flush, wake),
   * so its idle poll is only a safety net; with notifications, other replicas' commits wake it through the
   * database: each relay notifies OUTBOX_CHANNEL after its own process's commits (wake, flush), coalesced, and
   * listens there. Default: with replicas, polling.
   */
  polling?: Polling;
  /**
   * How long a relay that stopped answering (a killed process) blocks the others before they take over.
   * A live relay renews it on each run once half of it is gone.
   */
  leaseMs?: number;
  /** A publish that takes longer fails (and is retried), so a live relay renews its lease in time (default leaseMs / 3). */
  publishTimeoutMs?: number;
  keepPublishedMs?: number;
  /** The longest wait between retries while publishing fails (they start at the poll interval). */
  maxBackoffMs?: number;
  /** Hears the first failure of a run of failures, then at most one a minute while they go on. */
  onError?: (error: unknown) => void;
}

export interface OutboxRelay {
  /**
   * Publishes what is pending now (after the run in progress, which may have read the outbox before the
   * caller's commit); resolves with how many events it published.
   */
  runOnce(): Promise<number>;
  /**
   * Asks for a run soon (after a commit that enqueued events) instead of waiting for the next poll; with
   * notifications, the relays of other replicas (one may hold the lease) hear of the commit too.
   */
  wake(): void;
  /**
   * Publishes now and resolves true once the given (committed) events are published, false after
   * the timeout (they are still published later). Lets a request answer only after its events left,
   * so, on the in-process bus, every consumer has applied them before the caller sees the answer.
   * It resolves false at once when the bus is failing or another relay holds the lease: the events are
   * committed and go out later, and the request need not wait for a broker that is away.
   */
  flush(eventIds: readonly string[], timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
}

const PRUNE_EVERY_MS = 60 * 60_000;
/**
 * Notified after commits that enqueued events, by the relay of the committing process (coalesced: at most one
 * notification an interval, never one per transaction, whose commits PostgreSQL would serialise).
 */
export const OUTBOX_CHANNEL = 'ams_outbox';
const ERROR_REPORT_EVERY_MS = 60_000;
/** The lease is taken only once strictly past its end: the retry comes just after. */
const LEASE_END_MARGIN_MS = 20;

/**
 * Publishes outbox rows in order. A row is marked published only after the bus took it, so a relay
 * killed in between publishes it again: delivery is at-least-once and consumers' inboxes dedupe.
 */
export function startOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { pool, bus } = options;
  const batchSize = options.batchSize ?? 100;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const leaseMs = options.leaseMs ?? 6_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? leaseMs / 3;
  const keepPublishedMs = options.keepPublishedMs ?? 7 * 24 * 60 * 60_000;
  const holder = randomUUID();
  let stopped = false;
  let lastPrune = -Infinity;

  // The lease is renewed once half of it is gone, not before every batch: a busy relay would otherwise
  // spend a write per batch on it.
  let leaseRenewDue = 0;
  // When another holder's lease ends (ms from the last look), while it holds one.
  let othersLeaseEndsInMs: number | undefined;
  async function holdsLease(): Promise<boolean> {
    if (performance.now() < leaseRenewDue) return true;
    const acquiredAt = performance.now();
    const lease = await acquireLease(pool, holder, leaseMs);
    othersLeaseEndsInMs = lease.held ? undefined : lease.endsInMs;
    if (!lease.held) return false;
    leaseRenewDue = acquiredAt + leaseMs / 2;
    return true;
  }

  // What the last run found: flushes do not wait for a failing bus or for another relay's publishing.
  let failing = false;
  let holding = true;
  async function publishPending(): Promise<{ published: number; retryInMs: number | undefined }> {
    let published = 0;
    othersLeaseEndsInMs = undefined;
    while (!stopped && (holding = await holdsLease())) {
      const batch = await readPending(pool, batchSize);
      if (batch.length === 0) break;
      await withTimeout(bus.publish(batch.map((row) => row.envelope)), publishTimeoutMs, 'The bus did not take the events');
      await markPublished(
        pool,
        batch.map((row) => row.position),
      );
      published += batch.length;
      if (batch.length < batchSize) break;
    }
    if (performance.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = performance.now();
      await prunePublished(pool, keepPublishedMs);
    }
    // Another's lease (a killed process's, say) stops this run: look again as it ends, not at the next
    // idle poll (five minutes in one process), or what is pending waits for the next commit.
    return { published, retryInMs: othersLeaseEndsInMs === undefined ? undefined : othersLeaseEndsInMs + LEASE_END_MARGIN_MS };
  }

  const errors = createLogThrottle(ERROR_REPORT_EVERY_MS);
  const polling = options.polling ?? pollingWithReplicas;
  const worker = startWorker({
    async run() {
      try {
        const outcome = await publishPending();
        failing = false;
        errors.ended();
        return outcome;
      } catch (error) {
        failing = true;
        throw error;
      }
    },
    retryInMs: (outcome) => outcome.retryInMs,
    pollMs: listeningIdleMs(polling, pollIntervalMs),
    backoff: { initialMs: pollIntervalMs, maxMs: options.maxBackoffMs ?? 5_000 },
    onError: (error) => {
      if (errors.occurred()) options.onError?.(error);
    },
  });

  const notifications = polling.listens
    ? listenForNotifications(pool, OUTBOX_CHANNEL, () => worker.wake(), { onError: (error) => options.onError?.(error) })
    : undefined;
  const notifier = polling.listens ? coalescedNotifier(pool, OUTBOX_CHANNEL, { onError: (error) => options.onError?.(error) }) : undefined;
  /**
   * After this process's commit: another replica's relay may hold the lease, or take it over should this process
   * die before publishing.
   */
  const committed = () => notifier?.notify();

  async function flush(eventIds: readonly string[], timeoutMs = 5_000): Promise<boolean> {
    committed();
    const deadline = performance.now() + timeoutMs;
    while (!stopped && !failing) {
      const left = deadline - performance.now();
      if (left <= 0) return false;
      // A run that starts now: one under way may have read the outbox before these events committed.
      // The wait is bounded even while a send is in progress; a failed run was reported through onError.
      const ran = await withTimeout(worker.runNow(), left, 'No publishing run').then(
        () => true,
        () => false,
      );
      if ((await countUnpublished(pool, eventIds)) === 0) return true;
      if (!ran || !holding) return false;
      await sleep(5);
    }
    return false;
  }

  return {
    runOnce: () => worker.runNow().then((outcome) => outcome.published),
    flush,
    wake: () => {
      committed();
      worker.wake();
    },
    async stop() {
      stopped = true;
      await notifications?.close();
      await worker.stop();
      leaseRenewDue = 0;
      await releaseLease(pool, holder).catch(() => {});
      // What this relay left unpublished is another replica's to publish now, not at its safety poll.
      notifier?.notify();
      await notifier?.close();
    },
  };
}
