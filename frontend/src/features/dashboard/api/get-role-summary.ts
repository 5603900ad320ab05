import { roleListSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export const roleSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'roles'],
    queryFn: () => request(async () => roleListSchema.parse(await api.get('roles', { searchParams: { page: 1, pageSize: 1 } }).json())),
  });

export function useRoleSummary({ enabled }: { enabled: boolean }) {
  return useQuery({ ...roleSummaryQueryOptions(), enabled });
}
