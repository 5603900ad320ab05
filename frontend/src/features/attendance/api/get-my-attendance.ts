import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface MyAttendanceQuery {
  from?: string | undefined;
  to?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/me/attendance: the signed-in employee's own work days. */
export const myAttendanceQueryOptions = (query: MyAttendanceQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/me/attendance', { query }),
    queryFn: () => call('GET /api/me/attendance', { query }),
    placeholderData: keepPreviousData,
  });

export function useMyAttendance(query: MyAttendanceQuery) {
  return useQuery(myAttendanceQueryOptions(query));
}
