import type { LeaveRequest } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateLeave } from './invalidate';

/** PUT /api/me/leaves/:id: I change my request while it is pending. */
export function changeMyLeave({ id, body }: { id: string; body: LeaveRequest }) {
  return call('PUT /api/me/leaves/:id', { params: { id }, body });
}

export function useChangeMyLeave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeMyLeave, onSuccess: () => invalidateLeave(queryClient) });
}
