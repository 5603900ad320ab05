import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

export function archiveEmployee(id: string) {
  return call('POST /api/employees/:id/archive', { params: { id } });
}

export function useArchiveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: archiveEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
