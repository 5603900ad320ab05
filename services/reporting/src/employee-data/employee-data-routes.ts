import { PassThrough } from 'node:stream';
import { XLSX_MEDIA_TYPE } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { employeeDataExport, writeEmployeeDataWorkbook } from './employee-data-export.ts';

export function registerEmployeeDataRoutes(app: ServiceApp, ctx: ReportingContext): void {
  route(app, 'GET /api/employees/:id/data-export', ({ caller, params }) => employeeDataExport(ctx, caller, params.id));
  route(app, 'GET /api/employees/:id/data-export/xlsx', async (request, reply) => {
    const data = await employeeDataExport(ctx, request.caller, request.params.id);
    // One person's data is small: the workbook is built whole, so a failure is still an error answer.
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeEmployeeDataWorkbook(out, data);
    return reply
      .type(XLSX_MEDIA_TYPE)
      .header('content-disposition', `attachment; filename="employee-${request.params.id}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(Buffer.concat(chunks));
  });
}
