import type { EmployeeCreate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

export function createEmployee(body: EmployeeCreate) {
  return call('POST /api/employees', { body });
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
