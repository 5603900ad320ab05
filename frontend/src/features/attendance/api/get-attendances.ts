import type { ArrivalStatus, DepartureStatus } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface AttendancesQuery {
  from?: string | undefined;
  to?: string | undefined;
  arrivalStatus?: ArrivalStatus | undefined;
  departureStatus?: DepartureStatus | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/attendance: one page of work days, by date range, arrival and departure status and quick search. */
export const attendancesQueryOptions = (query: AttendancesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/attendance', { query }),
    queryFn: () => call('GET /api/attendance', { query }),
    placeholderData: keepPreviousData,
  });

export function useAttendances(query: AttendancesQuery) {
  return useQuery(attendancesQueryOptions(query));
}
