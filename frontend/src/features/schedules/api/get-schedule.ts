import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/schedules/:id: one schedule, for its edit form. */
export const scheduleQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeyOf('GET /api/schedules/:id', { params: { id } }), queryFn: () => call('GET /api/schedules/:id', { params: { id } }) });

export function useSchedule(id: string) {
  return useQuery(scheduleQueryOptions(id));
}
