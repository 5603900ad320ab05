import { userListSchema } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export interface UsersQuery {
  search: string;
  page: number;
  pageSize: number;
}

export const usersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: ['users', query],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams({ page: String(query.page), pageSize: String(query.pageSize) });
        if (query.search) searchParams.set('search', query.search);
        return userListSchema.parse(await api.get('users', { searchParams }).json());
      }),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
