import { EVERY_SCOPE, resumableJobs, type Pool, type Queryable } from '@ams/db';
import { pollingWithReplicas, startWorker, type Polling, type Worker } from '@ams/worker';
import { recomputeDays } from './day-figures-store.ts';

/** Employees recomputed per transaction: a few months of their days each, so punches never wait long behind one. */
const RECOMPUTE_BATCH = 200;

/**
 * Recomputes of all the days of a company's employees (EVERY_SCOPE: everyone's, after the organisation's rules
 * changed), by employee id. Each employee's recompute takes the locks a punch's does, so the two never write
 * from different rules.
 */
const recomputes = resumableJobs(
  'day_figures_recomputes',
  async (tx, job, size) => {
    const { rows } = await tx.query<{ employeeId: string }>(
      `SELECT employee_id AS "employeeId" FROM employees WHERE ($1::uuid = '${EVERY_SCOPE}' OR company_id = $1) AND ($2::uuid IS NULL OR employee_id > $2)
     ORDER BY employee_id LIMIT $3`,
      [job.scopeId, job.afterId, size],
    );
    const employeeIds = rows.map((row) => row.employeeId);
    if (employeeIds.length > 0) await recomputeDays(tx, { employeeIds }, 'all');
    return employeeIds.length < size ? null : (employeeIds.at(-1) ?? null);
  },
  RECOMPUTE_BATCH,
);

/**
 * Asks for all the days of a company's employees (null: everyone's) to be computed again, in the caller's
 * transaction; a request already under way starts over, since its earlier employees were computed by older rules.
 */
export function requestRecompute(tx: Queryable, companyId: string | null): Promise<void> {
  return recomputes.request(tx, companyId);
}

/** Recomputes the next batch of one requested company's employees (`size` of them: tests take fewer); true when work may be left. */
export function recomputeBatch(pool: Pool, size?: number): Promise<boolean> {
  return recomputes.runBatch(pool, size);
}

/**
 * Works off the requested recomputes after their events committed: woken by this process's, polling for other
 * replicas' (only as a safety net where there are none).
 */
export function startRecomputes(pool: Pool, options: { polling?: Polling | undefined; onError: (error: unknown) => void }): Worker<boolean> {
  const polling = options.polling ?? pollingWithReplicas;
  return startWorker({ run: () => recomputeBatch(pool), hasMore: (more) => more, pollMs: polling.idleMs(5_000), onError: options.onError });
}

/** Resolves once no recompute is left (for tests and tools). */
export function waitForRecomputes(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  return recomputes.waitUntilDone(pool, options);
}
