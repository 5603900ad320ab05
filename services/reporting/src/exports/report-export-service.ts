import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { reportSheetTexts, type ReportExport, type ReportExportRequest, type ReportName } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';
import { timeFormats } from '@ams/spreadsheet';
import { localDate } from '@ams/work-time';
import type { ReportingContext } from '../context.ts';
import { periodOf } from '../reports/attendance-reports.ts';
import { loadCompanyRules } from '../reports/period-repository.ts';
import { chunkSink } from './chunk-sink.ts';
import {
  birthdaysExport,
  employeeLeavesExport,
  employeeListExport,
  employeeScheduleExport,
  organisationProfileExport,
  userAccountsExport,
} from './directory-sheets.ts';
import { appendChunk, deleteExpiredExports, findExport, finishExport, insertExport, readChunk, recordProgress } from './export-repository.ts';
import type { ExportRun, ReportExporter } from './export-run.ts';
import { attendanceOvertimeExport, consolidatedOvertimeExport, employeeAttendanceExport } from './period-sheets.ts';

/** A finished export's file is served this long. */
const KEEP_MS = 60 * 60 * 1000;
/** An export still running after this long was left by a replica that stopped. */
const ABANDONED_MS = 24 * 60 * 60 * 1000;

const exporters: Record<ReportName, ReportExporter> = {
  'attendance-overtime': attendanceOvertimeExport,
  'consolidated-overtime': consolidatedOvertimeExport,
  'employee-attendance': employeeAttendanceExport,
  'employee-birthdays': birthdaysExport,
  'employee-leaves': employeeLeavesExport,
  'employee-list': employeeListExport,
  'employee-schedule': employeeScheduleExport,
  'organization-profile': organisationProfileExport,
  'user-accounts': userAccountsExport,
};

/** The reports whose filters include a period (checked before the export starts). */
const periodReports: ReadonlySet<ReportName> = new Set(['attendance-overtime', 'consolidated-overtime', 'employee-attendance', 'employee-leaves']);

async function deleteExpired(ctx: ReportingContext): Promise<void> {
  const now = ctx.now().getTime();
  await deleteExpiredExports(ctx.pool, new Date(now - KEEP_MS), new Date(now - ABANDONED_MS));
}

export async function timeFormatOf(ctx: ReportingContext, companyId: string | null): Promise<string> {
  const { rows } = await ctx.pool.query<{ timeFormat: 1 | 2 }>(
    'SELECT time_format AS "timeFormat" FROM settings WHERE company_id = $1 OR company_id IS NULL ORDER BY company_id NULLS LAST LIMIT 1',
    [companyId],
  );
  return timeFormats[rows[0]?.timeFormat ?? 1];
}

async function runExport(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  request: ReportExportRequest,
  id: string,
  run: Omit<ExportRun, 'progress'>,
): Promise<void> {
  let written = 0;
  let total: number | null = null;
  const progress = async (rows: number, rowsTotal?: number) => {
    written += rows;
    if (rowsTotal !== undefined) total = rowsTotal;
    await recordProgress(ctx.pool, id, { rowsWritten: written, rowsTotal: total });
  };
  try {
    const rows = await exporters[request.report](
      { ...run, progress },
      chunkSink((seq, bytes) => appendChunk(ctx.pool, id, seq, bytes)),
    );
    await finishExport(ctx.pool, id, { status: 'done', rowsWritten: rows, at: ctx.now() });
  } catch (error) {
    ctx.log.error({ err: error, exportId: id, report: request.report, caller: caller.userId }, 'report export failed');
    await finishExport(ctx.pool, id, { status: 'failed', rowsWritten: written, at: ctx.now() }).catch(() => undefined);
  }
}

/**
 * Starts an export of a report with its filters and answers at once: the workbook is written in the background,
 * batch by batch, its chunks stored in the database as they are produced. Bad filters fail here (400).
 */
export async function startReportExport(ctx: ReportingContext, caller: SignedInPrincipal, request: ReportExportRequest): Promise<ReportExport> {
  if (periodReports.has(request.report)) periodOf(request.query, ctx.now());
  await deleteExpired(ctx);
  const sheetCompany = request.query.companyId ?? caller.companyId;
  const [rulesOf, timeFormat] = await Promise.all([loadCompanyRules(ctx.pool), timeFormatOf(ctx, sheetCompany)]);
  const texts = reportSheetTexts[request.language];
  const now = ctx.now();
  const fileName = `${texts.fileNames[request.report]}-${localDate(now.toISOString(), rulesOf(sheetCompany ?? '').timezone)}.xlsx`;
  const created = await insertExport(ctx.pool, { id: randomUUID(), userId: caller.userId, report: request.report, fileName, startedAt: now });
  const run = { ctx, caller, filter: request.query, texts, timeFormat, zoneOf: (companyId: string | null) => rulesOf(companyId ?? '').timezone };
  void runExport(ctx, caller, request, created.id, run);
  return created;
}

/** The caller's export (no one else's: theirs is not found). */
export async function reportExportStatus(ctx: ReportingContext, caller: SignedInPrincipal, id: string): Promise<ReportExport> {
  await deleteExpired(ctx);
  const found = await findExport(ctx.pool, id, caller.userId);
  if (!found) throw new AppError('not_found', 'reportExportNotFound');
  return found;
}

/** A finished export's workbook, read back chunk by chunk as it is sent; 409 while it is not done. */
export async function reportExportFile(ctx: ReportingContext, caller: SignedInPrincipal, id: string): Promise<{ fileName: string; file: Readable }> {
  const found = await reportExportStatus(ctx, caller, id);
  if (found.status !== 'done') throw new AppError('conflict', 'reportExportNotReady');
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let seq = 0; ; seq += 1) {
      const bytes = await readChunk(ctx.pool, id, seq);
      if (bytes === null) return;
      yield bytes;
    }
  }
  return { fileName: found.fileName, file: Readable.from(chunks()) };
}
