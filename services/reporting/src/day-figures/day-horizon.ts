import type { Pool } from '@ams/db';
import { startWorker, type Worker } from '@ams/worker';
import { keepDaysUpTo } from './day-figures-store.ts';

/**
 * How far past today's UTC date the working days are kept. Readers need every zone's today (UTC tomorrow); the
 * rest is slack, so reports stay right through days of failed runs. Absences of days to come are stored but
 * never counted before their shift ends, so keeping them early changes no figure.
 */
export const DAYS_KEPT_AHEAD = 7;

/** The horizon moves a day at a time: looking hourly keeps it a week ahead, and an idle product wakes hourly only. */
const DAY_HORIZON_POLL_MS = 60 * 60_000;

/** Moves the horizon of the stored days to DAYS_KEPT_AHEAD days after `now` (at once if already there). */
export function keepDaysAhead(pool: Pool, now: Date): Promise<void> {
  return keepDaysUpTo(pool, now, DAYS_KEPT_AHEAD);
}

/**
 * Keeps the stored days ahead of today in the background, so report and dashboard reads write nothing. The
 * caller brings the horizon up to date first (a restart after downtime catches up before it serves).
 */
export function startDayHorizon(pool: Pool, now: () => Date, onError: (error: unknown) => void): Worker<void> {
  return startWorker({ run: () => keepDaysAhead(pool, now()), pollMs: DAY_HORIZON_POLL_MS, onError });
}
