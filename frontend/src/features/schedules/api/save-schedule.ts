import type { ScheduleCreate, ScheduleUpdate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { invalidateSchedules } from './invalidate';

/** POST /api/schedules: assigns a schedule to an employee. */
export function useAssignSchedule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (body: ScheduleCreate) => call('POST /api/schedules', { body }), onSuccess: () => invalidateSchedules(queryClient) });
}

/** PATCH /api/schedules/:id: corrects a schedule. */
export function useChangeSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ScheduleUpdate }) => call('PATCH /api/schedules/:id', { params: { id }, body }),
    onSuccess: () => invalidateSchedules(queryClient),
  });
}
