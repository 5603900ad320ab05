import { setTimeout as sleep } from 'node:timers/promises';
import type { EventEnvelope } from '@ams/bus';
import { peopleEvents } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@ams/db';
import type { DirectoryExtension } from '@ams/directory';
import { lockCheckpoint } from '@ams/event-store';
import { startWorker, type Worker } from '@ams/worker';
import { workDayStreamId } from '../work-day/work-day.ts';
import { projectStreams, READ_MODELS_SUBSCRIPTION } from './projection.ts';

/** The key of a re-projection of every company (the organisation's rules changed). */
const EVERY_COMPANY = '00000000-0000-0000-0000-000000000000';

/** Days folded again per transaction: short transactions, so punches and the live projection never wait long. */
const REPROJECTION_BATCH = 500;

/**
 * Asks for a company's days (null: every company's) to be projected again, in the settings event's
 * transaction; a request already under way starts over, since its earlier days were counted by older rules.
 */
export async function requestReprojection(tx: Queryable, companyId: string | null): Promise<void> {
  await tx.query(
    `INSERT INTO attendance_reprojections (company_id, after_work_day) VALUES ($1, NULL)
     ON CONFLICT (company_id) DO UPDATE SET after_work_day = NULL`,
    [companyId ?? EVERY_COMPANY],
  );
}

/** The settings events that change a company's work-time rules request its re-projection; true when one did. */
export async function applyRulesEvent(tx: PoolClient, event: EventEnvelope): Promise<boolean> {
  switch (event.type) {
    case 'settings.SettingsChanged':
      await requestReprojection(tx, peopleEvents[event.type].parse(event.payload).companyId);
      return true;
    case 'settings.SettingsReset':
      await requestReprojection(tx, peopleEvents[event.type].parse(event.payload).companyId);
      return true;
    default:
      return false;
  }
}

/**
 * Projects the next batch of one requested company's days again; true when work may be left. Holds the read
 * models' checkpoint meanwhile, so a live batch never writes a day counted by rules it read before the change.
 * Idempotent: a batch that fails or is cut short is simply done again.
 */
export async function reprojectBatch(pool: Pool): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    // Another replica may work on another company's request meanwhile.
    const { rows: jobs } = await tx.query<{ companyId: string; after: string | null }>(
      'SELECT company_id AS "companyId", after_work_day AS after FROM attendance_reprojections ORDER BY company_id LIMIT 1 FOR UPDATE SKIP LOCKED',
    );
    const job = jobs[0];
    if (!job) return false;
    await lockCheckpoint(tx, READ_MODELS_SUBSCRIPTION);
    const { rows: days } = await tx.query<{ workDayId: string; employeeId: string; workDate: string }>(
      `SELECT work_day_id AS "workDayId", employee_id AS "employeeId", to_char(work_date, 'YYYY-MM-DD') AS "workDate" FROM attendance_days
       WHERE ($1::uuid = '${EVERY_COMPANY}' OR company_id = $1) AND ($2::uuid IS NULL OR work_day_id > $2) ORDER BY work_day_id LIMIT ${REPROJECTION_BATCH}`,
      [job.companyId, job.after],
    );
    await projectStreams(tx, days.map((day) => workDayStreamId(day.employeeId, day.workDate)));
    const last = days.at(-1);
    if (days.length < REPROJECTION_BATCH || !last) await tx.query('DELETE FROM attendance_reprojections WHERE company_id = $1', [job.companyId]);
    else await tx.query('UPDATE attendance_reprojections SET after_work_day = $2 WHERE company_id = $1', [job.companyId, last.workDayId]);
    return true;
  });
}

/**
 * Works off the requested re-projections after their settings events committed: woken by this process's
 * requests, polling for other replicas'.
 */
export function startReprojection(pool: Pool, onError: (error: unknown) => void): Worker<boolean> {
  return startWorker({ run: () => reprojectBatch(pool), hasMore: (more) => more, pollMs: 5_000, onError });
}

/** Resolves once no re-projection is left (for tests and tools). */
export async function waitForReprojections(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = performance.now() + (options.timeoutMs ?? 10_000);
  while ((await pool.query('SELECT 1 FROM attendance_reprojections LIMIT 1')).rowCount) {
    if (performance.now() > deadline) throw new Error('The attendance re-projections did not finish in time');
    await sleep(5);
  }
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
