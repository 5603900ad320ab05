import type { safeguardingUpdateSchema } from '@ams/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, queryKeyOf } from '@/lib/api-call';

export type SafeguardingUpdate = z.output<typeof safeguardingUpdateSchema>;

/** GET /api/settings/safeguarding: the organisation's kiosk notice and retention. */
export const safeguardingQueryOptions = () =>
  queryOptions({ queryKey: queryKeyOf('GET /api/settings/safeguarding'), queryFn: () => call('GET /api/settings/safeguarding') });

export function useSafeguarding() {
  return useQuery(safeguardingQueryOptions());
}

/** PUT /api/settings/safeguarding (a SuperAdmin's). */
export function useUpdateSafeguarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SafeguardingUpdate) => call('PUT /api/settings/safeguarding', { body }),
    onSuccess: (saved) => queryClient.setQueryData(safeguardingQueryOptions().queryKey, saved),
  });
}
