import { employeeListSchema, type EmployeeListQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export type EmployeesQuery = Omit<EmployeeListQuery, 'search'> & { search: string };

/** GET /api/employees: one page, with the quick search, the status, the filters and the sort order. */
export const employeesQueryOptions = (query: EmployeesQuery) =>
  queryOptions({
    queryKey: ['employees', 'list', query],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams();
        for (const [name, value] of Object.entries(query)) {
          if (value !== undefined && value !== '') searchParams.set(name, String(value));
        }
        return employeeListSchema.parse(await api.get('employees', { searchParams }).json());
      }),
    placeholderData: keepPreviousData,
  });

export function useEmployees(query: EmployeesQuery) {
  return useQuery(employeesQueryOptions(query));
}
