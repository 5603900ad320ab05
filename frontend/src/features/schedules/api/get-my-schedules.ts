import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/me/schedules: the signed-in employee's current, previous and upcoming schedules. */
export const mySchedulesQueryOptions = () =>
  queryOptions({ queryKey: queryKeyOf('GET /api/me/schedules', {}), queryFn: () => call('GET /api/me/schedules', {}) });

export function useMySchedules() {
  return useQuery(mySchedulesQueryOptions());
}
