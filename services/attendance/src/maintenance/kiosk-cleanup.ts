import { PERSON_LOCKOUT } from '@ams/credentials';
import type { Pool } from '@ams/db';
import { startWorker, type Worker } from '@ams/worker';
import { deleteStaleCounters } from '../identification/pin-attempt-repository.ts';
import { deleteExpiredTickets } from '../tickets/spent-tickets.ts';

/** Rows deleted per statement: a short one, so punches and PIN attempts never wait long behind it. */
export const KIOSK_CLEANUP_BATCH = 500;

/**
 * Expired tickets are refused by their signature and forgotten counters count from zero, so their rows are only
 * storage: deleting them a few minutes late costs nothing, and an idle product looks only this often.
 */
const KIOSK_CLEANUP_POLL_MS = 15 * 60_000;

/**
 * One pass of the kiosk's clean-up at `now`: a batch of spent tickets that expired and of wrong-PIN counters
 * nobody used for a day that lock nothing. Answers whether a batch was full (more may be left).
 */
export async function cleanUpKiosk(pool: Pool, now: Date): Promise<boolean> {
  const tickets = await deleteExpiredTickets(pool, now, KIOSK_CLEANUP_BATCH);
  const counters = await deleteStaleCounters(pool, new Date(now.getTime() - PERSON_LOCKOUT.forgetAfterMs), now, KIOSK_CLEANUP_BATCH);
  return tickets === KIOSK_CLEANUP_BATCH || counters === KIOSK_CLEANUP_BATCH;
}

/** The kiosk's clean-up in the background (punches and PIN attempts only write what they are about). */
export function startKioskCleanup(pool: Pool, now: () => Date, onError: (error: unknown) => void): Worker<boolean> {
  return startWorker({ run: () => cleanUpKiosk(pool, now()), hasMore: (more) => more, pollMs: KIOSK_CLEANUP_POLL_MS, onError });
}
