import type { Queryable } from './pool.ts';

export interface CoalescedNotifier {
  /**
   * Call after a commit that listeners in other processes should hear of. Sends a notification at once when none
   * is in flight and none went out in the last interval; otherwise exactly one more follows (after the one in
   * flight, at the interval's end), for every commit announced meanwhile.
   */
  notify(): void;
  /** Sends what is still owed at once, waits for it, and sends nothing afterwards. */
  close(): Promise<void>;
}

export interface CoalescedNotifierOptions {
  /** The shortest time between two notifications (default 50 ms): a busy writer sends at most one an interval. */
  minIntervalMs?: number;
  /** Hears a notification that failed; the listeners' safety poll then finds those commits. */
  onError?: (error: unknown) => void;
}

/**
 * Notifies `channel` (PostgreSQL NOTIFY, each in its own autocommit statement) after this process's commits, at
 * most once an interval. The writing transactions themselves never notify: PostgreSQL serialises the commits of
 * transactions that do (one lock for the whole server), which costs a busy writer most of its rate. A listener is
 * still woken at or after every commit announced: the notification that answers an announcement is sent after it.
 */
export function coalescedNotifier(db: Queryable, channel: string, options: CoalescedNotifierOptions = {}): CoalescedNotifier {
  const minIntervalMs = options.minIntervalMs ?? 50;
  let owed = false;
  let closed = false;
  let lastSentAt = -Infinity;
  let sending: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function send(): void {
    owed = false;
    lastSentAt = performance.now();
    sending = db
      .query(`SELECT pg_notify($1, '')`, [channel])
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => {
        sending = undefined;
        // Announced while this one was on its way: it may have been sent before their commits.
        if (owed) schedule();
      });
  }

  function schedule(): void {
    if (sending || timer) return; // what was announced is owed and goes out after them
    const waitMs = closed ? 0 : lastSentAt + minIntervalMs - performance.now();
    if (waitMs <= 0) {
      send();
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      send();
    }, waitMs);
  }

  return {
    notify() {
      if (closed) return;
      owed = true;
      schedule();
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        timer = undefined;
        schedule();
      }
      while (sending) await sending;
    },
  };
}
