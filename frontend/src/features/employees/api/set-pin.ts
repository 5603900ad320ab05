import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeQueryOptions } from './get-employee';

/** PUT /api/employees/:id/pin; the employee then shows "PIN set". */
export function setPin({ id, pin }: { id: string; pin: string }) {
  return call('PUT /api/employees/:id/pin', { params: { id }, body: { pin } });
}

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPin, onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: employeeQueryOptions(id).queryKey }) });
}
