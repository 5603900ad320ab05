import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

export function restoreEmployee(id: string) {
  return call('POST /api/employees/:id/restore', { params: { id } });
}

export function useRestoreEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
