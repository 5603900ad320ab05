import { employeeSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export const employeeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['employees', 'detail', id],
    queryFn: () => request(async () => employeeSchema.parse(await api.get(`employees/${encodeURIComponent(id)}`).json())),
  });

export function useEmployee(id: string) {
  return useQuery(employeeQueryOptions(id));
}
