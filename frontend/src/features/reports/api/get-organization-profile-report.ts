import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/organization-profile. */
export const organizationProfileReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/organization-profile', { query }),
    queryFn: () => call('GET /api/reports/organization-profile', { query }),
    placeholderData: keepPreviousData,
  });

export function useOrganizationProfileReport(query: Partial<ReportQuery>) {
  return useQuery(organizationProfileReportQueryOptions(query));
}
