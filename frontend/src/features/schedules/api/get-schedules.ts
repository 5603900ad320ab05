import type { ScheduleListQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/schedules: one page of schedules, by status and employee search. */
export const schedulesQueryOptions = (query: Partial<ScheduleListQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/schedules', { query }),
    queryFn: () => call('GET /api/schedules', { query }),
    placeholderData: keepPreviousData,
  });

export function useSchedules(query: Partial<ScheduleListQuery>) {
  return useQuery(schedulesQueryOptions(query));
}
