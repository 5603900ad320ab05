import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/me/schedules: my schedules, whose rest days the request form leaves out of the working days. */
export const mySchedulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me/schedules'),
    queryFn: () => call('GET /api/me/schedules'),
  });

export function useMySchedules(enabled: boolean) {
  return useQuery({ ...mySchedulesQueryOptions(), enabled });
}
