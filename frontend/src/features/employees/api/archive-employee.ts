import { employeeSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeSaved } from './saved';

export function archiveEmployee(id: string) {
  return request(async () => employeeSchema.parse(await api.post(`employees/${encodeURIComponent(id)}/archive`).json()));
}

export function useArchiveEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: archiveEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
