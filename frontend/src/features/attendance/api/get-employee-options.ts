import { employeeListSchema } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export interface EmployeeOption {
  id: string;
  name: string;
  nationalId: string;
}

/** GET /api/employees?search=…: the first active employees matching, for the attendance form's picker. */
export const employeeOptionsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['attendance', 'employee-options', search],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams({ status: 'active', sort: 'lastName', order: 'asc', page: '1', pageSize: '20' });
        if (search) searchParams.set('search', search);
        const { items } = employeeListSchema.parse(await api.get('employees', { searchParams }).json());
        return items.map((employee): EmployeeOption => ({ id: employee.id, name: employee.fullName, nationalId: employee.nationalId }));
      }),
    placeholderData: keepPreviousData,
  });

export function useEmployeeOptions(search: string) {
  return useQuery(employeeOptionsQueryOptions(search));
}
