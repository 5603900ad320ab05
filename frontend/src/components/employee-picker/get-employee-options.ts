import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf, type AnswerOf } from '@/lib/api-call';

export interface EmployeeOption {
  id: string;
  name: string;
  nationalId: string;
  /** Whose settings (time zone) the employee's times are entered in. */
  companyId: string;
}

const optionsOf = ({ items }: AnswerOf<'GET /api/employees'>) =>
  items.map((employee): EmployeeOption => ({ id: employee.id, name: employee.fullName, nationalId: employee.nationalId, companyId: employee.companyId }));

/**
 * GET /api/employees?search=…: the first active employees matching (of one company when given), for the pickers
 * of the forms. The cache keeps the answer as the route gives it (the employees screens may ask the same); the
 * picker selects its options.
 */
export const employeeOptionsQueryOptions = (search: string, companyId?: string) => {
  const args = { query: { status: 'active', sort: 'lastName', order: 'asc', page: 1, pageSize: 20, search, ...(companyId ? { companyId } : {}) } } as const;
  return queryOptions({
    queryKey: queryKeyOf('GET /api/employees', args),
    queryFn: () => call('GET /api/employees', args),
    select: optionsOf,
    placeholderData: keepPreviousData,
  });
};

export function useEmployeeOptions(search: string, companyId?: string) {
  return useQuery(employeeOptionsQueryOptions(search, companyId));
}
