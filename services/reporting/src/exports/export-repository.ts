import type { ReportExport, ReportExportRequest, ReportName } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import type { SignedInPrincipal } from '@ams/service-kit';

const exportColumns = `export_id AS id, status, rows_written AS "rowsWritten", rows_total AS "rowsTotal", file_name AS "fileName"`;

/** What an export was asked: enough to run it again in another process. */
export interface ExportJob {
  caller: SignedInPrincipal;
  request: ReportExportRequest;
  /** When it was asked (ISO): the instant its figures are read at, so a run taken over writes the same file. */
  askedAt: string;
}

export interface NewExport {
  id: string;
  userId: string;
  report: ReportName;
  fileName: string;
  startedAt: Date;
  job: ExportJob;
  /** Held by the process that inserts it until then. */
  leaseUntil: Date;
}

export async function insertExport(db: Queryable, row: NewExport): Promise<ReportExport> {
  const { rows } = await db.query<ReportExport>(
    `INSERT INTO report_exports (export_id, user_id, report, status, file_name, started_at, job, lease_until) VALUES ($1, $2, $3, 'running', $4, $5, $6, $7)
     RETURNING ${exportColumns}`,
    [row.id, row.userId, row.report, row.fileName, row.startedAt, JSON.stringify(row.job), row.leaseUntil],
  );
  const created = rows[0];
  if (!created) throw new Error('report export not inserted');
  return created;
}

/** Which exports still count: those finished since `finishedSince` and started since `startedSince` (older ones await deletion). */
export interface LiveExports {
  finishedSince: Date;
  startedSince: Date;
}

/** The export if `userId` started it and it still counts. */
export async function findExport(db: Queryable, id: string, userId: string, live: LiveExports): Promise<ReportExport | null> {
  const { rows } = await db.query<ReportExport>(
    `SELECT ${exportColumns} FROM report_exports WHERE export_id = $1 AND user_id = $2 AND (finished_at IS NULL OR finished_at >= $3) AND started_at >= $4`,
    [id, userId, live.finishedSince, live.startedSince],
  );
  return rows[0] ?? null;
}

/** Notes the rows written so far, the runner holding the export until `leaseUntil`. */
export async function recordProgress(db: Queryable, id: string, progress: { rowsWritten: number; rowsTotal: number | null; leaseUntil: Date }): Promise<void> {
  await db.query('UPDATE report_exports SET rows_written = $2, rows_total = coalesce($3, rows_total), lease_until = $4 WHERE export_id = $1', [
    id,
    progress.rowsWritten,
    progress.rowsTotal,
    progress.leaseUntil,
  ]);
}

/** The runner of these running exports holds them until `leaseUntil`. */
export async function renewLeases(db: Queryable, ids: readonly string[], leaseUntil: Date): Promise<void> {
  await db.query("UPDATE report_exports SET lease_until = $2 WHERE export_id = ANY($1::uuid[]) AND status = 'running'", [ids, leaseUntil]);
}

/**
 * Takes over up to `limit` running exports nobody holds at `now` (their process stopped), holding them until
 * `leaseUntil` and starting them over: their rows and chunks so far are dropped. Exports of old rows without a
 * job cannot be run again (they are deleted once abandoned).
 */
export async function takeOverExports(db: Queryable, now: Date, leaseUntil: Date, limit: number): Promise<Array<{ id: string; job: ExportJob }>> {
  const { rows } = await db.query<{ id: string; job: ExportJob }>(
    `UPDATE report_exports SET lease_until = $2, rows_written = 0, rows_total = NULL WHERE export_id IN (
       SELECT export_id FROM report_exports WHERE status = 'running' AND job IS NOT NULL AND lease_until < $1 ORDER BY started_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING export_id AS id, job`,
    [now, leaseUntil, limit],
  );
  if (rows.length > 0) await db.query('DELETE FROM report_export_chunks WHERE export_id = ANY($1::uuid[])', [rows.map((row) => row.id)]);
  return rows;
}

/** When the first lease of a running export held by another process ends (null: none is). */
export async function nextLeaseEnd(db: Queryable, heldHere: readonly string[]): Promise<Date | null> {
  const { rows } = await db.query<{ end: Date | null }>(
    "SELECT min(lease_until) AS end FROM report_exports WHERE status = 'running' AND job IS NOT NULL AND NOT (export_id = ANY($1::uuid[]))",
    [heldHere],
  );
  return rows[0]?.end ?? null;
}

export async function finishExport(db: Queryable, id: string, outcome: { status: 'done' | 'failed'; rowsWritten: number; at: Date }): Promise<void> {
  await db.query(
    `UPDATE report_exports SET status = $2, rows_written = $3, rows_total = CASE WHEN $2 = 'done' THEN $3 ELSE rows_total END, finished_at = $4 WHERE export_id = $1`,
    [id, outcome.status, outcome.rowsWritten, outcome.at],
  );
  if (outcome.status === 'failed') await db.query('DELETE FROM report_export_chunks WHERE export_id = $1', [id]);
}

export async function appendChunk(db: Queryable, id: string, seq: number, bytes: Buffer): Promise<void> {
  await db.query('INSERT INTO report_export_chunks (export_id, seq, bytes) VALUES ($1, $2, $3)', [id, seq, bytes]);
}

/** The file's chunk at `seq`, or null past its end. */
export async function readChunk(db: Queryable, id: string, seq: number): Promise<Buffer | null> {
  const { rows } = await db.query<{ bytes: Buffer }>('SELECT bytes FROM report_export_chunks WHERE export_id = $1 AND seq = $2', [id, seq]);
  return rows[0]?.bytes ?? null;
}

/** Deletes the exports that no longer count (their chunks with them). */
export async function deleteExpiredExports(db: Queryable, live: LiveExports): Promise<void> {
  await db.query('DELETE FROM report_exports WHERE finished_at < $1 OR started_at < $2', [live.finishedSince, live.startedSince]);
}
