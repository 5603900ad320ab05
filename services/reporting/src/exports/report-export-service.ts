import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { localDateOf, reportSheetTexts, type ReportExport, type ReportExportRequest, type ReportName } from '@ams/contracts';
import { AppError, type SignedInPrincipal } from '@ams/service-kit';
import { timeFormats } from '@ams/spreadsheet';
import type { ReportingContext } from '../context.ts';
import { periodOf } from '../reports/attendance-reports.ts';
import { loadCompanyRules } from '../period/period-repository.ts';
import { chunkSink } from './chunk-sink.ts';
import {
  birthdaysExport,
  employeeLeavesExport,
  employeeListExport,
  employeeScheduleExport,
  organisationProfileExport,
  userAccountsExport,
} from './directory-sheets.ts';
import { appendChunk, findExport, finishExport, insertExport, readChunk, recordProgress, type ExportJob, type LiveExports } from './export-repository.ts';
import type { ReportExporter } from './export-run.ts';
import { attendanceOvertimeExport, consolidatedOvertimeExport, employeeAttendanceExport } from './period-sheets.ts';

/** A finished export's file is served this long. */
const KEEP_MS = 60 * 60 * 1000;
/** An export still running after this long is given up (taken over again and again, it never finished). */
const ABANDONED_MS = 24 * 60 * 60 * 1000;
/** How long a runner holds an export past its last sign of life (progress, or its worker's renewal). */
export const EXPORT_LEASE_MS = 10 * 60 * 1000;

/** The exports that still count at `now`: older ones are neither shown nor served, and their deletion is due. */
export function liveExportsAt(now: Date): LiveExports {
  return { finishedSince: new Date(now.getTime() - KEEP_MS), startedSince: new Date(now.getTime() - ABANDONED_MS) };
}

export const leaseFrom = (now: Date) => new Date(now.getTime() + EXPORT_LEASE_MS);

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

export async function timeFormatOf(ctx: ReportingContext, companyId: string | null): Promise<string> {
  const { rows } = await ctx.pool.query<{ timeFormat: 1 | 2 }>('SELECT time_format AS "timeFormat" FROM effective_settings($1)', [companyId]);
  return timeFormats[rows[0]?.timeFormat ?? 1];
}

/** Runs an export (started here, or taken over from a process that stopped) to its end: done, or failed. */
export async function runExport(ctx: ReportingContext, id: string, { caller, request, askedAt }: ExportJob): Promise<void> {
  const asked = new Date(askedAt);
  const readAtAsked: ReportingContext = { ...ctx, now: () => asked };
  let written = 0;
  let total: number | null = null;
  const progress = async (rows: number, rowsTotal?: number) => {
    written += rows;
    if (rowsTotal !== undefined) total = rowsTotal;
    await recordProgress(ctx.pool, id, { rowsWritten: written, rowsTotal: total, leaseUntil: leaseFrom(ctx.now()) });
  };
  try {
    const sheetCompany = request.query.companyId ?? caller.companyId;
    const [rulesOf, timeFormat] = await Promise.all([loadCompanyRules(ctx.pool), timeFormatOf(ctx, sheetCompany)]);
    const texts = reportSheetTexts[request.language];
    const zoneOf = (companyId: string | null) => rulesOf(companyId ?? '').timezone;
    const rows = await exporters[request.report](
      { ctx: readAtAsked, caller, filter: request.query, texts, timeFormat, zoneOf, progress },
      chunkSink((seq, bytes) => appendChunk(ctx.pool, id, seq, bytes)),
    );
    await finishExport(ctx.pool, id, { status: 'done', rowsWritten: rows, at: ctx.now() });
  } catch (error) {
    ctx.log.error({ err: error, exportId: id, report: request.report, caller: caller.userId }, 'report export failed');
    await finishExport(ctx.pool, id, { status: 'failed', rowsWritten: written, at: ctx.now() }).catch(() => undefined);
  }
}

/**
 * Starts an export of a report with its filters and answers at once: the workbook is written by the export jobs,
 * batch by batch, its chunks stored in the database as they are produced. Bad filters fail here (400).
 */
export async function startReportExport(
  ctx: ReportingContext,
  jobs: { launch(id: string, job: ExportJob): void },
  caller: SignedInPrincipal,
  request: ReportExportRequest,
): Promise<ReportExport> {
  if (periodReports.has(request.report)) periodOf(request.query, ctx.now());
  const sheetCompany = request.query.companyId ?? caller.companyId;
  const rulesOf = await loadCompanyRules(ctx.pool);
  const texts = reportSheetTexts[request.language];
  const now = ctx.now();
  const fileName = `${texts.fileNames[request.report]}-${localDateOf(now, rulesOf(sheetCompany ?? '').timezone)}.xlsx`;
  const job: ExportJob = { caller, request, askedAt: now.toISOString() };
  const created = await insertExport(ctx.pool, {
    id: randomUUID(),
    userId: caller.userId,
    report: request.report,
    fileName,
    startedAt: now,
    job,
    leaseUntil: leaseFrom(now),
  });
  jobs.launch(created.id, job);
  return created;
}

/** The caller's export (no one else's: theirs is not found). */
export async function reportExportStatus(ctx: ReportingContext, caller: SignedInPrincipal, id: string): Promise<ReportExport> {
  const found = await findExport(ctx.pool, id, caller.userId, liveExportsAt(ctx.now()));
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
