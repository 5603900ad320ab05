import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export const employeeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/employees/:id', { params: { id } }),
    queryFn: () => call('GET /api/employees/:id', { params: { id } }),
  });

export function useEmployee(id: string) {
  return useQuery(employeeQueryOptions(id));
}
