import { employeeSchema, type EmployeeCreate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeSaved } from './saved';

export function createEmployee(body: EmployeeCreate) {
  return request(async () => employeeSchema.parse(await api.post('employees', { json: body }).json()));
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
