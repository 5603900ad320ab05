import { startWorker, type Worker } from '@ams/worker';
import type { PeopleContext } from '../context.ts';
import { purgeExpiredBiometrics, RETENTION_BATCH } from './safeguarding-service.ts';

/** Retention is counted in days: looking once an hour deletes within the hour after it ends. */
const RETENTION_POLL_MS = 60 * 60 * 1000;

/** The periodic deletion of archived employees' photos and templates (a full batch runs the next at once). */
export function startRetentionWorker(ctx: PeopleContext, onError: (error: unknown) => void): Worker<number> {
  return startWorker({ run: () => purgeExpiredBiometrics(ctx), hasMore: (deleted) => deleted === RETENTION_BATCH, pollMs: RETENTION_POLL_MS, onError });
}
