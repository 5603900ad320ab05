import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateLeave } from './invalidate';

/** DELETE /api/me/leaves/:id: I withdraw my request while it is pending. */
export function withdrawMyLeave(id: string) {
  return call('DELETE /api/me/leaves/:id', { params: { id } });
}

export function useWithdrawMyLeave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawMyLeave, onSuccess: () => invalidateLeave(queryClient) });
}
