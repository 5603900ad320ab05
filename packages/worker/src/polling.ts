/**
 * How long idle background loops wait before they look for work nobody announced. Where every writer
 * of a service's database runs in this process (the embedded product), each commit wakes the loop that
 * follows it (the relay, the projections, the jobs), so the poll is only a safety net and an idle
 * product sleeps; where replicas share the database, the poll is how their commits are found.
 */
export interface Polling {
  /** The idle wait of a loop that would wait `withReplicasMs` beside other replicas. */
  idleMs(withReplicasMs: number): number;
  /**
   * Whether loops that can (the outbox relay) listen for the database's notifications of other replicas'
   * commits (PostgreSQL LISTEN), so their idle poll is only the safety net.
   */
  listens?: boolean;
}

/** Other replicas (processes) write the same database: loops poll at their own intervals. */
export const pollingWithReplicas: Polling = { idleMs: (withReplicasMs) => withReplicasMs };

/** The safety net's interval where loops hear other replicas' commits from the database's notifications. */
export const NOTIFIED_SAFETY_POLL_MS = 5_000;

/**
 * Replicas share a PostgreSQL database and notify the loops that listen after their commits (coalesced, never from
 * the committing transaction; the loops wait for the notification, polling every NOTIFIED_SAFETY_POLL_MS as the
 * safety net); the others poll at their own intervals. The distributed services run so.
 */
export const pollingWithNotifications: Polling = { idleMs: (withReplicasMs) => withReplicasMs, listens: true };

/** The safety net's interval when this process is the only writer. */
export const ONE_PROCESS_SAFETY_POLL_MS = 5 * 60_000;

/** This process is the only writer of its databases (the embedded product): loops wait for wakes. */
export const pollingInOneProcess: Polling = { idleMs: (withReplicasMs) => Math.max(withReplicasMs, ONE_PROCESS_SAFETY_POLL_MS) };

/** The idle wait of a loop that listens for notifications where `polling` provides them, and polls every `withReplicasMs` otherwise. */
export function listeningIdleMs(polling: Polling, withReplicasMs: number): number {
  return polling.listens ? Math.max(withReplicasMs, NOTIFIED_SAFETY_POLL_MS) : polling.idleMs(withReplicasMs);
}
