import { ApiError } from '@/lib/api-client';

/** Statuses that mean the server (or the way to it) is down, not that it refused: the kiosk queues offline then. */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** True when the call got no answer (network error, time-out) or a gateway's "server unreachable". */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || UNREACHABLE_STATUSES.has(error.status));
}
