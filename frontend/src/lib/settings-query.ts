import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-call';

/**
 * GET /api/settings: a company's settings (its own, or the organisation's defaults it still follows); without
 * a company, the organisation's defaults for a SuperAdmin and the caller's own company's for an Admin.
 */
export const settingsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: ['settings', companyId ?? 'own'],
    queryFn: () => call('GET /api/settings', { query: { companyId } }),
  });

export function useSettings(companyId: string | null) {
  return useQuery(settingsQueryOptions(companyId));
}
