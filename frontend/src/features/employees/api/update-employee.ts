import { employeeSchema, type EmployeeUpdate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeSaved } from './saved';

export function updateEmployee({ id, body }: { id: string; body: EmployeeUpdate }) {
  return request(async () => employeeSchema.parse(await api.patch(`employees/${encodeURIComponent(id)}`, { json: body }).json()));
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
