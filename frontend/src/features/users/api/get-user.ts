import { userSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => request(async () => userSchema.parse(await api.get(`users/${encodeURIComponent(id)}`).json())),
  });

export function useUser(id: string) {
  return useQuery(userQueryOptions(id));
}
