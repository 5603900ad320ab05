import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/employee-list. */
export const employeeListReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/employee-list', { query }),
    queryFn: () => call('GET /api/reports/employee-list', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeListReport(query: Partial<ReportQuery>) {
  return useQuery(employeeListReportQueryOptions(query));
}
