import type { Employee } from '@ams/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeyOf } from '@/lib/api-call';
import { employeeQueryOptions } from './get-employee';

/** After a change: the answer is the employee's new state; the lists are refetched. */
export function employeeSaved(queryClient: QueryClient, employee?: Employee) {
  if (employee) queryClient.setQueryData(employeeQueryOptions(employee.id).queryKey, employee);
  return queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/employees') });
}
