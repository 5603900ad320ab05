import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateAttendance } from './invalidate';

/** DELETE /api/attendance/:id with the reason (the day's history keeps it). */
export function deleteAttendance({ id, reason }: { id: string; reason: string }) {
  return call('DELETE /api/attendance/:id', { params: { id }, body: { reason } });
}

export function useDeleteAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAttendance, onSuccess: () => invalidateAttendance(queryClient) });
}
