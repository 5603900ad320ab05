import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeQueryOptions } from './get-employee';

export function removePin(id: string) {
  return call('DELETE /api/employees/:id/pin', { params: { id } });
}

export function useRemovePin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePin, onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: employeeQueryOptions(id).queryKey }) });
}
