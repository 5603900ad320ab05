import { setTimeout as sleep } from 'node:timers/promises';
import { withTransaction, type Pool, type Queryable } from '@ams/db';
import { startWorker, type Worker } from '@ams/worker';
import { recomputeDays } from './day-figures-store.ts';

/** The key of a recompute of everyone (the organisation's rules changed: companies without their own follow them). */
const EVERYONE = '00000000-0000-0000-0000-000000000000';

/** Employees recomputed per transaction: a few months of their days each, so punches never wait long behind one. */
const RECOMPUTE_BATCH = 200;

/**
 * Asks for all the days of a company's employees (null: everyone's) to be computed again, in the caller's
 * transaction; a request already under way starts over, since its earlier employees were computed by older rules.
 */
export async function requestRecompute(tx: Queryable, companyId: string | null): Promise<void> {
  await tx.query(
    `INSERT INTO day_figures_recomputes (company_id, after_employee) VALUES ($1, NULL)
     ON CONFLICT (company_id) DO UPDATE SET after_employee = NULL`,
    [companyId ?? EVERYONE],
  );
}

/**
 * Recomputes the next batch of one requested company's employees; true when work may be left. Each
 * employee's recompute takes the locks a punch's does, so the two never write from different rules.
 * Idempotent: a batch that fails is simply done again.
 */
export async function recomputeBatch(pool: Pool, batchSize = RECOMPUTE_BATCH): Promise<boolean> {
  return withTransaction(pool, async (tx) => {
    // Another replica may work on another company's request meanwhile.
    const { rows: jobs } = await tx.query<{ companyId: string; after: string | null }>(
      'SELECT company_id AS "companyId", after_employee AS after FROM day_figures_recomputes ORDER BY company_id LIMIT 1 FOR UPDATE SKIP LOCKED',
    );
    const job = jobs[0];
    if (!job) return false;
    const { rows } = await tx.query<{ employeeId: string }>(
      `SELECT employee_id AS "employeeId" FROM employees WHERE ($1::uuid = '${EVERYONE}' OR company_id = $1) AND ($2::uuid IS NULL OR employee_id > $2)
       ORDER BY employee_id LIMIT $3`,
      [job.companyId, job.after, batchSize],
    );
    const employeeIds = rows.map((row) => row.employeeId);
    if (employeeIds.length > 0) await recomputeDays(tx, { employeeIds }, 'all');
    const last = employeeIds.at(-1);
    if (employeeIds.length < batchSize || !last) await tx.query('DELETE FROM day_figures_recomputes WHERE company_id = $1', [job.companyId]);
    else await tx.query('UPDATE day_figures_recomputes SET after_employee = $2 WHERE company_id = $1', [job.companyId, last]);
    return true;
  });
}

/** Works off the requested recomputes after their events committed: woken by this process's, polling for other replicas'. */
export function startRecomputes(pool: Pool, onError: (error: unknown) => void): Worker<boolean> {
  return startWorker({ run: () => recomputeBatch(pool), hasMore: (more) => more, pollMs: 5_000, onError });
}

/** Resolves once no recompute is left (for tests and tools). */
export async function waitForRecomputes(pool: Pool, options: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = performance.now() + (options.timeoutMs ?? 10_000);
  while ((await pool.query('SELECT 1 FROM day_figures_recomputes LIMIT 1')).rowCount) {
    if (performance.now() > deadline) throw new Error('The day figures recomputes did not finish in time');
    await sleep(5);
  }
}
