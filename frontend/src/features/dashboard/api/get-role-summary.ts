import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export const roleSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/roles', { query: { page: 1, pageSize: 1 } }),
    queryFn: () => call('GET /api/roles', { query: { page: 1, pageSize: 1 } }),
  });

export function useRoleSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...roleSummaryQueryOptions(), enabled });
}
