import { settingsSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/**
 * GET /api/settings: a company's settings (its own, or the organisation's defaults it still follows); without
 * a company, the organisation's defaults for a SuperAdmin and the caller's own company's for an Admin.
 */
export const settingsQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: ['settings', companyId ?? 'own'],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams(companyId ? { companyId } : {});
        return settingsSchema.parse(await api.get('settings', { searchParams }).json());
      }),
  });

export function useSettings(companyId: string | null) {
  return useQuery(settingsQueryOptions(companyId));
}
