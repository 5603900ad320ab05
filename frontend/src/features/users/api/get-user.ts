import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/users/:id', { params: { id } }),
    queryFn: () => call('GET /api/users/:id', { params: { id } }),
  });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
