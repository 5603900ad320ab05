import type { LeaveDecision } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateLeave } from './invalidate';

/** PUT /api/leaves/:id/decision: an admin approves or declines a pending request, with a comment. */
export function decideLeave({ id, body }: { id: string; body: LeaveDecision }) {
  return call('PUT /api/leaves/:id/decision', { params: { id }, body });
}

export function useDecideLeave() {
  const queryClient = useQueryClient();
  // Not awaited: the refetched request would replace the decision form (now read-only) before the caller's own
  // onSuccess ran, and a caller's callbacks do not run once it has unmounted.
  return useMutation({
    mutationFn: decideLeave,
    onSuccess: () => {
      void invalidateLeave(queryClient);
    },
  });
}
