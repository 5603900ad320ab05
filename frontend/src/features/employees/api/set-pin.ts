import { messageSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeQueryOptions } from './get-employee';

/** PUT /api/employees/:id/pin; the employee then shows "PIN set". */
export function setPin({ id, pin }: { id: string; pin: string }) {
  return request(async () => messageSchema.parse(await api.put(`employees/${encodeURIComponent(id)}/pin`, { json: { pin } }).json()));
}

export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPin, onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: employeeQueryOptions(id).queryKey }) });
}
