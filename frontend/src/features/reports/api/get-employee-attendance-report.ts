import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/employee-attendance. */
export const employeeAttendanceReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/employee-attendance', { query }),
    queryFn: () => call('GET /api/reports/employee-attendance', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeAttendanceReport(query: Partial<ReportQuery>) {
  return useQuery(employeeAttendanceReportQueryOptions(query));
}
