import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/employee-birthdays. */
export const employeeBirthdaysReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/employee-birthdays', { query }),
    queryFn: () => call('GET /api/reports/employee-birthdays', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeBirthdaysReport(query: Partial<ReportQuery>) {
  return useQuery(employeeBirthdaysReportQueryOptions(query));
}
