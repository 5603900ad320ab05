import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/companies, all at once (the API's largest page), for a SuperAdmin to pick whose settings to edit. */
export const companiesQueryOptions = () =>
  queryOptions({
    // The same request as the organisation screens' company choices, hence the same key: both stay in step.
    queryKey: queryKeyOf('GET /api/companies', { query: { page: 1, pageSize: 200 } }),
    queryFn: () => call('GET /api/companies', { query: { page: 1, pageSize: 200 } }),
  });

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
