import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me'),
    queryFn: () => call('GET /api/me'),
  });

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
