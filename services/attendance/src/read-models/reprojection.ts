import type { EventEnvelope } from '@ams/bus';
import { workTimeRulesChangeOf } from '@ams/contracts';
import { EVERY_SCOPE, resumableJobs, type Pool, type PoolClient, type Queryable } from '@ams/db';
import type { DirectoryExtension } from '@ams/directory';
import { lockCheckpoint } from '@ams/event-store';
import { pollingWithReplicas, startWorker, type Polling, type Worker } from '@ams/worker';
import { workDayStreamId } from '../work-day/work-day.ts';
import { projectStreams, READ_MODELS_SUBSCRIPTION } from './projection.ts';

/** Days folded again per transaction: short transactions, so punches and the live projection never wait long. */
const REPROJECTION_BATCH = 500;

/**
 * Re-projections of a company's days (EVERY_SCOPE: every company's, after the organisation's rules changed), by
 * work day id. A batch holds the read models' checkpoint, so a live batch never writes a day counted by rules it
 * read before the change.
 */
const reprojections = resumableJobs(
  'attendance_reprojections',
  async (tx, job, size) => {
    await lockCheckpoint(tx, READ_MODELS_SUBSCRIPTION);
    const { rows: days } = await tx.query<{ workDayId: string; employeeId: string; workDate: string }>(
      `SELECT work_day_id AS "workDayId", employee_id AS "employeeId", to_char(work_date, 'YYYY-MM-DD') AS "workDate" FROM attendance_days
       WHERE ($1::uuid = '${EVERY_SCOPE}' OR company_id = $1) AND ($2::uuid IS NULL OR work_day_id > $2) ORDER BY work_day_id LIMIT $3`,
      [job.scopeId, job.afterId, size],
    );
    await projectStreams(
      tx,
      days.map((day) => workDayStreamId(day.employeeId, day.workDate)),
    );
    return days.length < size ? null : (days.at(-1)?.workDayId ?? null);
  },
  REPROJECTION_BATCH,
);

/**
 * Asks for a company's days (null: every company's) to be projected again, in the settings event's
 * transaction; a request already under way starts over, since its earlier days were counted by older rules.
 */
export function requestReprojection(tx: Queryable, companyId: string | null): Promise<void> {
  return reprojections.request(tx, companyId);
}

/** The settings events that change a company's work-time rules request its re-projection; true when one did. */
export async function applyRulesEvent(tx: PoolClient, event: EventEnvelope): Promise<boolean> {
  const change = workTimeRulesChangeOf(event);
  if (!change) return false;
  await requestReprojection(tx, change.companyId);
  return true;
}

/** Projects the next batch of one requested company's days again; true when work may be left. */
export function reprojectBatch(pool: Pool, size?: number): Promise<boolean> {
  return reprojections.runBatch(pool, size);
}

/**
 * Works off the requested re-projections after their settings events committed: woken by this process's
 * requests, polling for other replicas' (only as a safety net where there are none).
 */
export function startReprojection(pool: Pool, options: { polling?: Polling | undefined; onError: (error: unknown) => void }): Worker<boolean> {
  const polling = options.polling ?? pollingWithReplicas;
  return startWorker({ run: () => reprojectBatch(pool), hasMore: (more) => more, pollMs: polling.idleMs(5_000), onError: options.onError });
}

/** Resolves once no re-projection is left (for tests and tools). */
export function waitForReprojections(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  return reprojections.waitUntilDone(pool, options);
}

/** The service's directory extension, followed by the rules events' re-projection requests (the worker wakes once they committed). */
export function withReprojection(extension: DirectoryExtension, worker: Pick<Worker<boolean>, 'wake'>): DirectoryExtension {
  return async (tx, event) => {
    const then = await extension(tx, event);
    if (!(await applyRulesEvent(tx, event))) return then;
    return () => {
      then?.();
      worker.wake();
    };
  };
}
