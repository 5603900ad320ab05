import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Bus, EventEnvelope } from '@ams/bus';
import { HISTORY_ANNOUNCED, HISTORY_REQUESTED, historyAnnouncedV1, historyOwners } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@ams/db';

/** The advisory lock (first key) under which replicas decide whether to ask for history, one at a time. */
const HISTORY_LOCK = 8087;

/** Every read model an owner's history fills: all empty means reporting is new or was emptied. */
const FILLED_BY_HISTORY = ['companies', 'settings', 'employees', 'schedules', 'leaves', 'work_days', 'user_accounts', 'roles'];

interface OpenRequest {
  requestId: string;
  requestedAt: Date;
}

async function openRequests(db: Queryable): Promise<OpenRequest[]> {
  const { rows } = await db.query<OpenRequest>(
    'SELECT request_id AS "requestId", requested_at AS "requestedAt" FROM history_requests WHERE NOT answered @> $1::text[] ORDER BY requested_at',
    [historyOwners],
  );
  return rows;
}

/**
 * Asks for the owners' whole state when the read models are empty (a new reporting schema beside services that
 * hold data, or after a rebuild) and no request is still waiting for answers. Returns whether it asked.
 */
export async function requestHistoryIfEmpty(pool: Pool, now: Date): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, 0)', [HISTORY_LOCK]);
    const { rows } = await tx.query<{ empty: boolean }>(
      `SELECT ${FILLED_BY_HISTORY.map((table) => `NOT EXISTS (SELECT FROM ${table})`).join(' AND ')} AS empty`,
    );
    if (!rows[0]?.empty || (await openRequests(tx)).length > 0) return false;
    await tx.query('INSERT INTO history_requests (request_id, requested_at) VALUES ($1, $2)', [randomUUID(), now]);
    return true;
  });
}

/** Records an owner's answer (history.HistoryAnnounced), in the projection's transaction; other events are ignored. */
export async function applyHistoryEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (event.type !== HISTORY_ANNOUNCED) return;
  const { requestId, owner } = historyAnnouncedV1.parse(event.payload);
  await tx.query('UPDATE history_requests SET answered = array_append(answered, $2) WHERE request_id = $1 AND NOT $2 = ANY(answered)', [requestId, owner]);
}

/** The request as an event: its id is the request's, so each owner's inbox answers it once however often it is sent. */
function requested({ requestId, requestedAt }: OpenRequest): EventEnvelope {
  return { id: requestId, type: HISTORY_REQUESTED, version: 1, key: requestId, occurredAt: requestedAt.toISOString(), payload: { requestId }, metadata: {} };
}

export interface HistoryRequests {
  stop(): Promise<void>;
}

/**
 * Publishes the open requests, again every `retryMs` until every owner answered: on the in-process bus an owner
 * that subscribes later (the embedded product starts reporting first) hears nothing published before.
 */
export function startHistoryRequests(pool: Pool, bus: Bus, options: { retryMs?: number; onError: (error: unknown) => void }): HistoryRequests {
  const retryMs = options.retryMs ?? 1_000;
  const abort = new AbortController();
  const loop = (async () => {
    while (!abort.signal.aborted) {
      try {
        const open = await openRequests(pool);
        if (open.length === 0) return;
        await bus.publish(open.map(requested));
      } catch (error) {
        if (!abort.signal.aborted) options.onError(error);
      }
      await sleep(retryMs, undefined, { signal: abort.signal }).catch(() => {});
    }
  })();
  return {
    async stop() {
      abort.abort();
      await loop;
    },
  };
}
