import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/roles', { query: { pageSize: 200 } }),
    queryFn: () => call('GET /api/roles', { query: { pageSize: 200 } }),
  });

export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
