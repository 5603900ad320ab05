import type { ReportExport, ReportName } from '@ams/contracts';
import type { Queryable } from '@ams/db';

const exportColumns = `export_id AS id, status, rows_written AS "rowsWritten", rows_total AS "rowsTotal", file_name AS "fileName"`;

export interface NewExport {
  id: string;
  userId: string;
  report: ReportName;
  fileName: string;
  startedAt: Date;
}

export async function insertExport(db: Queryable, row: NewExport): Promise<ReportExport> {
  const { rows } = await db.query<ReportExport>(
    `INSERT INTO report_exports (export_id, user_id, report, status, file_name, started_at) VALUES ($1, $2, $3, 'running', $4, $5) RETURNING ${exportColumns}`,
    [row.id, row.userId, row.report, row.fileName, row.startedAt],
  );
  const created = rows[0];
  if (!created) throw new Error('report export not inserted');
  return created;
}

/** The export if `userId` started it. */
export async function findExport(db: Queryable, id: string, userId: string): Promise<ReportExport | null> {
  const { rows } = await db.query<ReportExport>(`SELECT ${exportColumns} FROM report_exports WHERE export_id = $1 AND user_id = $2`, [id, userId]);
  return rows[0] ?? null;
}

export async function recordProgress(db: Queryable, id: string, progress: { rowsWritten: number; rowsTotal: number | null }): Promise<void> {
  await db.query('UPDATE report_exports SET rows_written = $2, rows_total = coalesce($3, rows_total) WHERE export_id = $1', [
    id,
    progress.rowsWritten,
    progress.rowsTotal,
  ]);
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

/** Deletes exports finished before `finishedBefore`, and any started before `abandonedBefore` (a replica stopped while writing). */
export async function deleteExpiredExports(db: Queryable, finishedBefore: Date, abandonedBefore: Date): Promise<void> {
  await db.query('DELETE FROM report_exports WHERE finished_at < $1 OR started_at < $2', [finishedBefore, abandonedBefore]);
}
