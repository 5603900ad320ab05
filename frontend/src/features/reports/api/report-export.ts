import type { ReportExport, reportExportRequestSchema } from '@ams/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, pathOf, queryKeyOf } from '@/lib/api-call';

export type { ReportExport };
/** A report's export request: the report, its page's filters (without paging) and the workbook's language. */
export type StartReportExport = z.input<typeof reportExportRequestSchema>;

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1_000;

export function reportExportFileUrl(id: string): string {
  return pathOf('GET /api/report-exports/:id/file', { id });
}

export const reportExportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/report-exports/:id', { params: { id } }),
    queryFn: () => call('GET /api/report-exports/:id', { params: { id } }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
    gcTime: 0,
  });

/** POST /api/report-exports: the export runs on the server as a job. */
export function useStartReportExport() {
  return useMutation({ mutationFn: (body: StartReportExport) => call('POST /api/report-exports', { body }) });
}

/** The export's progress, asked every second while it runs (none before one starts). */
export function useReportExport(started: ReportExport | null) {
  return useQuery({
    ...reportExportQueryOptions(started?.id ?? ''),
    enabled: started !== null && started.status === 'running',
    ...(started ? { initialData: started } : {}),
  });
}
