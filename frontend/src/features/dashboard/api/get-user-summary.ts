import { userListSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** The newest users and the total (the identity service is what the API offers so far). */
export const userSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'users'],
    queryFn: () => request(async () => userListSchema.parse(await api.get('users', { searchParams: { page: 1, pageSize: 5 } }).json())),
  });

export function useUserSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...userSummaryQueryOptions(), enabled });
}
