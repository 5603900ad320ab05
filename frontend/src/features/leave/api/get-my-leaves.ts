import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface MyLeavesQuery {
  page: number;
  pageSize: number;
}

/** GET /api/me/leaves: the signed-in employee's requests, newest first. */
export const myLeavesQueryOptions = (query: MyLeavesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me/leaves', { query }),
    queryFn: () => call('GET /api/me/leaves', { query }),
    placeholderData: keepPreviousData,
  });

export function useMyLeaves(query: MyLeavesQuery) {
  return useQuery(myLeavesQueryOptions(query));
}
