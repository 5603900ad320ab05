import type { EmployeeListQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export type EmployeesQuery = Omit<EmployeeListQuery, 'search'> & { search: string };

/** GET /api/employees: one page, with the quick search, the status, the filters and the sort order. */
export const employeesQueryOptions = (query: EmployeesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/employees', { query }),
    queryFn: () => call('GET /api/employees', { query }),
    placeholderData: keepPreviousData,
  });

export function useEmployees(query: EmployeesQuery) {
  return useQuery(employeesQueryOptions(query));
}
