import { roleListSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: ['roles'],
    queryFn: () => request(async () => roleListSchema.parse(await api.get('roles', { searchParams: { pageSize: 200 } }).json())),
  });

export function useRoles({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...rolesQueryOptions(), enabled });
}
