import { attendanceListSchema } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { searchParamsOf } from './search-params';

export interface MyAttendanceQuery {
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/me/attendance: the signed-in employee's own work days. */
export const myAttendanceQueryOptions = (query: MyAttendanceQuery) =>
  queryOptions({
    queryKey: ['attendance', 'mine', query],
    queryFn: () => request(async () => attendanceListSchema.parse(await api.get('me/attendance', { searchParams: searchParamsOf({ ...query }) }).json())),
    placeholderData: keepPreviousData,
  });

export function useMyAttendance(query: MyAttendanceQuery) {
  return useQuery(myAttendanceQueryOptions(query));
}
