import type { ReportQuery } from '@ams/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, API_PREFIX, request } from '@/lib/api-client';

/**
 * The Excel export of a report, as a background job (POST /api/report-exports, GET …/:id, GET …/:id/file).
 * These routes are not in the contracts' table yet, so this one file calls them through the session's client
 * directly; when their rows arrive it moves to `call` by route key.
 */
export const reportExportSchema = z.object({
  id: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  rowsWritten: z.number(),
  rowsTotal: z.number(),
  fileName: z.string(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

export interface StartReportExport {
  report: string;
  /** The report's filters, without paging. */
  query: Partial<Omit<ReportQuery, 'page' | 'pageSize'>>;
  language: 'en' | 'es';
}

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1_000;

export function startReportExport(body: StartReportExport): Promise<ReportExport> {
  return request(async () => reportExportSchema.parse(await api.post('report-exports', { json: body }).json()));
}

export function reportExportFileUrl(id: string): string {
  return `${API_PREFIX}/report-exports/${encodeURIComponent(id)}/file`;
}

export const reportExportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['report-exports', id] as const,
    queryFn: () => request(async () => reportExportSchema.parse(await api.get(`report-exports/${encodeURIComponent(id)}`).json())),
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : EXPORT_POLL_MS),
    gcTime: 0,
  });

export function useStartReportExport() {
  return useMutation({ mutationFn: startReportExport });
}

/** The export's progress, asked every second while it runs (none before one starts). */
export function useReportExport(started: ReportExport | null) {
  return useQuery({ ...reportExportQueryOptions(started?.id ?? ''), enabled: started !== null && started.status === 'running', ...(started ? { initialData: started } : {}) });
}
