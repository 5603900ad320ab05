import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Pool } from './pool.ts';

export interface NotificationListener {
  /** Stops listening and gives the connection back. */
  close(): Promise<void>;
}

export interface ListenOptions {
  /** Hears a lost connection (then it reconnects, first after `retryMs`, doubling to 10 s). */
  onError?: (error: unknown) => void;
  retryMs?: number;
}

const MAX_RETRY_MS = 10_000;

/**
 * Calls `onNotify` for every PostgreSQL notification on `channel` (NOTIFY, delivered when the notifying transaction
 * commits), on one connection of `pool` held for it. A lost connection is replaced; `onNotify` is then called once,
 * since notifications sent meanwhile were missed. Only for a real PostgreSQL server: PGlite's single session has no
 * other connection to deliver to.
 */
export function listenForNotifications(pool: Pool, channel: string, onNotify: () => void, options: ListenOptions = {}): NotificationListener {
  const retryMs = options.retryMs ?? 250;
  let closed = false;
  const closing = new AbortController();
  let stopListening: (() => void) | undefined;

  /** Listens until the connection is lost (rejects) or the listener is closed (resolves). */
  async function listenOnce(afterLoss: boolean): Promise<void> {
    const connection = await pool.connect();
    try {
      const ended = new Promise<void>((resolve, reject) => {
        stopListening = resolve;
        connection.on('error', reject);
        connection.on('end', () => reject(new Error(`the connection listening on ${channel} ended`)));
      });
      if (closed) return;
      connection.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      await connection.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      // What was notified while the connection was lost was missed: one call makes up for all of it.
      if (afterLoss) onNotify();
      await ended;
    } finally {
      stopListening = undefined;
      // Destroyed, not returned to the pool: it is still listening.
      connection.release(true);
    }
  }

  const running = (async () => {
    let delayMs = retryMs;
    let afterLoss = false;
    while (!closed) {
      try {
        await listenOnce(afterLoss);
      } catch (error) {
        if (closed) break;
        options.onError?.(error);
        afterLoss = true;
        await sleep(delayMs, undefined, { signal: closing.signal }).catch(() => {});
        delayMs = Math.min(delayMs * 2, MAX_RETRY_MS);
        continue;
      }
      delayMs = retryMs;
    }
  })();

  return {
    async close() {
      closed = true;
      closing.abort();
      stopListening?.();
      await running;
    },
  };
}
