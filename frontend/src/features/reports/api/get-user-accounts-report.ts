import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/user-accounts. */
export const userAccountsReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/user-accounts', { query }),
    queryFn: () => call('GET /api/reports/user-accounts', { query }),
    placeholderData: keepPreviousData,
  });

export function useUserAccountsReport(query: Partial<ReportQuery>) {
  return useQuery(userAccountsReportQueryOptions(query));
}
