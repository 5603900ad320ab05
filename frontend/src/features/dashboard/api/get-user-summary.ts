import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** The newest users and the total (the identity service is what the API offers so far). */
export const userSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/users', { query: { page: 1, pageSize: 5 } }),
    queryFn: () => call('GET /api/users', { query: { page: 1, pageSize: 5 } }),
  });

export function useUserSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userSummaryQueryOptions(), enabled });
}
