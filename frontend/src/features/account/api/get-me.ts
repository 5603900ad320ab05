import { signedInUserSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: () => request(async () => signedInUserSchema.parse(await api.get('me').json())),
  });

export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meQueryOptions(), enabled });
}
