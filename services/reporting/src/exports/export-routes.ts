import { XLSX_MEDIA_TYPE } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import type { ExportJobs } from './export-jobs.ts';
import { reportExportFile, reportExportStatus, startReportExport } from './report-export-service.ts';

/** Excel exports of the reports: started, polled, then downloaded (streamed from the stored chunks). */
export function registerExportRoutes(app: ServiceApp, ctx: ReportingContext, jobs: ExportJobs): void {
  route(app, 'POST /api/report-exports', ({ caller, body }) => startReportExport(ctx, jobs, caller, body));
  route(app, 'GET /api/report-exports/:id', ({ caller, params }) => reportExportStatus(ctx, caller, params.id));
  route(app, 'GET /api/report-exports/:id/file', async (request, reply) => {
    const { fileName, file } = await reportExportFile(ctx, request.caller, request.params.id);
    return reply.type(XLSX_MEDIA_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(file);
  });
}
