import { employeeSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeSaved } from './saved';

export function restoreEmployee(id: string) {
  return request(async () => employeeSchema.parse(await api.post(`employees/${encodeURIComponent(id)}/restore`).json()));
}

export function useRestoreEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
