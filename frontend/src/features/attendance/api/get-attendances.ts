import { attendanceListSchema, type AttendanceStatus } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { searchParamsOf } from './search-params';

export interface AttendancesQuery {
  from?: string | undefined;
  to?: string | undefined;
  status?: AttendanceStatus | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/attendance: one page of work days, by date range, status and quick search. */
export const attendancesQueryOptions = (query: AttendancesQuery) =>
  queryOptions({
    queryKey: ['attendance', 'list', query],
    queryFn: () => request(async () => attendanceListSchema.parse(await api.get('attendance', { searchParams: searchParamsOf({ ...query }) }).json())),
    placeholderData: keepPreviousData,
  });

export function useAttendances(query: AttendancesQuery) {
  return useQuery(attendancesQueryOptions(query));
}
