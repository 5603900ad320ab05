import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface UsersQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/users', { query }),
    queryFn: () => call('GET /api/users', { query }),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
