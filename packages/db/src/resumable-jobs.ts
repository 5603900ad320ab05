import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool, PoolClient, Queryable } from './pool.ts';
import { withTransaction } from './transaction.ts';

/** The scope of a job over everything (e.g. the organisation's settings changed: every company). */
export const EVERY_SCOPE = '00000000-0000-0000-0000-000000000000';

/** One job: its scope (a company, or EVERY_SCOPE) and how far it got (null: from the start). */
export interface ResumableJob {
  scopeId: string;
  afterId: string | null;
}

/**
 * Work asked for inside a transaction and done after its commit, in short batches: a table of
 * `(scope_id uuid PRIMARY KEY, after_id uuid)` rows, one per scope, each batch in its own transaction.
 */
export interface ResumableJobs {
  /** Asks for the scope's work (null: every scope) in the caller's transaction; one under way starts over. */
  request(tx: Queryable, scopeId: string | null): Promise<void>;
  /** Does one batch of one job, of `size` items (default: the jobs' own); other replicas skip the job meanwhile. True when work may be left. */
  runBatch(pool: Pool, size?: number): Promise<boolean>;
  /** Resolves once no job is left (for tests and tools). */
  waitUntilDone(pool: Pool, options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * Resumable jobs on `table`: `batch` does up to `size` items after the job's cursor in the batch's transaction
 * and returns the new cursor, or null when the job is done. A batch must be idempotent: a failed one runs again.
 */
export function resumableJobs(
  table: string,
  batch: (tx: PoolClient, job: ResumableJob, size: number) => Promise<string | null>,
  defaultSize: number,
): ResumableJobs {
  return {
    async request(tx, scopeId) {
      await tx.query(`INSERT INTO ${table} (scope_id, after_id) VALUES ($1, NULL) ON CONFLICT (scope_id) DO UPDATE SET after_id = NULL`, [
        scopeId ?? EVERY_SCOPE,
      ]);
    },
    runBatch(pool, size = defaultSize) {
      return withTransaction(pool, async (tx) => {
        const { rows } = await tx.query<ResumableJob>(
          `SELECT scope_id AS "scopeId", after_id AS "afterId" FROM ${table} ORDER BY scope_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        );
        const job = rows[0];
        if (!job) return false;
        const after = await batch(tx, job, size);
        if (after === null) await tx.query(`DELETE FROM ${table} WHERE scope_id = $1`, [job.scopeId]);
        else await tx.query(`UPDATE ${table} SET after_id = $2 WHERE scope_id = $1`, [job.scopeId, after]);
        return true;
      });
    },
    async waitUntilDone(pool, options = {}) {
      const deadline = performance.now() + (options.timeoutMs ?? 10_000);
      while ((await pool.query(`SELECT 1 FROM ${table} LIMIT 1`)).rowCount) {
        if (performance.now() > deadline) throw new Error(`The jobs of ${table} did not finish in time`);
        await sleep(5);
      }
    },
  };
}
