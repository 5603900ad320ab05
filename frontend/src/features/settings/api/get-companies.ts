import { companyListSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** GET /api/companies, all at once (the API's largest page), for a SuperAdmin to pick whose settings to edit. */
export const companiesQueryOptions = () =>
  queryOptions({
    // The organisation screens' key for the same list, so both stay in step.
    queryKey: ['organisation', 'companies', 'options', {}],
    queryFn: () => request(async () => companyListSchema.parse(await api.get('companies', { searchParams: { page: 1, pageSize: 200 } }).json())),
  });

export function useCompanies(enabled: boolean) {
  return useQuery({ ...companiesQueryOptions(), enabled });
}
