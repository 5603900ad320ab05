import { ApiError } from '@/lib/api-client';

/** Statuses that mean the server (or the way to it) is down, not that it refused: the kiosk queues offline then. */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** True when the call got no answer (network error, time-out) or a gateway's "server unreachable". */
export function isNoConnection(error: unknown): boolean {
  return error instanceof ApiError && (error.status === null || UNREACHABLE_STATUSES.has(error.status));
}

/**
 * True when the server refused a queued item for good because the kiosk registration it was sealed under was
 * revoked (the kiosk has been registered again since): it can never be recorded, and keeping it would hold
 * the rest of the queue back forever. An item of the current registration is never dropped this way.
 */
export function isRevokedRegistration(error: unknown, itemToken: string, kioskToken: string): boolean {
  return itemToken !== kioskToken && error instanceof ApiError && error.status === 401 && error.messageKey === 'kioskNotRegistered';
}
