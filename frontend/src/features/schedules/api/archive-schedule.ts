import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateSchedules } from './invalidate';

/** POST /api/schedules/:id/archive: ends a current schedule today. */
export function useArchiveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/schedules/:id/archive', { params: { id } }),
    onSuccess: () => invalidateSchedules(queryClient),
  });
}
