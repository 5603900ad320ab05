import type { EmployeeUpdate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

export function updateEmployee({ id, body }: { id: string; body: EmployeeUpdate }) {
  return call('PATCH /api/employees/:id', { params: { id }, body });
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
