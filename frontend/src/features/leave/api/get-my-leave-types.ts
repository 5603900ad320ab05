import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/me/leave-types: the types my leave group lets me request. */
export const myLeaveTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me/leave-types'),
    queryFn: () => call('GET /api/me/leave-types'),
  });

export function useMyLeaveTypes() {
  return useQuery(myLeaveTypesQueryOptions());
}
