import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { invalidateAttendance } from './invalidate';

/** DELETE /api/attendance/:id with the reason (the day's history keeps it). */
export function deleteAttendance({ id, reason }: { id: string; reason: string }) {
  return request(async () => {
    await api.delete(`attendance/${encodeURIComponent(id)}`, { json: { reason } });
  });
}

export function useDeleteAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAttendance, onSuccess: () => invalidateAttendance(queryClient) });
}
