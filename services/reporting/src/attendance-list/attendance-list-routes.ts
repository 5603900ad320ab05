import { PassThrough } from 'node:stream';
import { XLSX_MEDIA_TYPE } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { attendanceExportName, exportAttendance } from './attendance-export.ts';
import { getAttendance, listAttendance, myAttendance, presence } from './attendance-list-service.ts';

/** The attendance list, one day, presence and the personal list, all from the counted days. */
export function registerAttendanceListRoutes(app: ServiceApp, ctx: ReportingContext): void {
  route(app, 'GET /api/attendance', ({ caller, query }) => listAttendance(ctx, caller, query));
  // Streamed as it is written: the first bytes leave before the last rows are read.
  route(app, 'GET /api/attendance/export', async (request, reply) => {
    const { caller, query } = request;
    const fileName = await attendanceExportName(ctx, caller, query);
    const workbook = new PassThrough();
    exportAttendance(ctx, caller, query, workbook).catch((error: unknown) => {
      request.log.error({ err: error }, 'attendance export failed');
      workbook.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply.type(XLSX_MEDIA_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'no-store').send(workbook);
  });
  route(app, 'GET /api/attendance/presence', ({ caller }) => presence(ctx, caller));
  route(app, 'GET /api/attendance/:id', ({ caller, params }) => getAttendance(ctx, caller, params.id));
  route(app, 'GET /api/me/attendance', ({ caller, query }) => myAttendance(ctx, caller, query));
}
