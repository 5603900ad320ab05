import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/consolidated-overtime. */
export const consolidatedOvertimeReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/consolidated-overtime', { query }),
    queryFn: () => call('GET /api/reports/consolidated-overtime', { query }),
    placeholderData: keepPreviousData,
  });

export function useConsolidatedOvertimeReport(query: Partial<ReportQuery>) {
  return useQuery(consolidatedOvertimeReportQueryOptions(query));
}
