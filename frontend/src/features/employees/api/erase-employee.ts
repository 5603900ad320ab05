import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

/** POST /api/employees/:id/erase: personal data replaced by a pseudonym in every service. */
export function eraseEmployee(id: string) {
  return call('POST /api/employees/:id/erase', { params: { id } });
}

export function useEraseEmployee() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: eraseEmployee, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
