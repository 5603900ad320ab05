import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/employee-schedule. */
export const employeeScheduleReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/employee-schedule', { query }),
    queryFn: () => call('GET /api/reports/employee-schedule', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeScheduleReport(query: Partial<ReportQuery>) {
  return useQuery(employeeScheduleReportQueryOptions(query));
}
