import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/leaves/:id: one request, as an admin reviews it. */
export const leaveQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/leaves/:id', { params: { id } }),
    queryFn: () => call('GET /api/leaves/:id', { params: { id } }),
  });

export function useLeave(id: string) {
  return useQuery(leaveQueryOptions(id));
}
