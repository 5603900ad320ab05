import type { LeaveRequest } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateLeave } from './invalidate';

/** POST /api/me/leaves: I request leave. */
export function requestLeave(body: LeaveRequest) {
  return call('POST /api/me/leaves', { body });
}

export function useRequestLeave() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestLeave, onSuccess: () => invalidateLeave(queryClient) });
}
