import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeQueryOptions } from './get-employee';

export function removePin(id: string) {
  return request(async () => {
    await api.delete(`employees/${encodeURIComponent(id)}/pin`);
  });
}

export function useRemovePin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePin, onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: employeeQueryOptions(id).queryKey }) });
}
