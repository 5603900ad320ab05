import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/me/leaves/:id: one of my requests, to edit while pending. */
export const myLeaveQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me/leaves/:id', { params: { id } }),
    queryFn: () => call('GET /api/me/leaves/:id', { params: { id } }),
  });

export function useMyLeave(id: string) {
  return useQuery(myLeaveQueryOptions(id));
}
