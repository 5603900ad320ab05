import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/employee-leaves. */
export const employeeLeavesReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/employee-leaves', { query }),
    queryFn: () => call('GET /api/reports/employee-leaves', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeLeavesReport(query: Partial<ReportQuery>) {
  return useQuery(employeeLeavesReportQueryOptions(query));
}
