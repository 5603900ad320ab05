import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/attendance/:id: one work day ('No attendance found!' when there is none). */
export const attendanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/attendance/:id', { params: { id } }),
    queryFn: () => call('GET /api/attendance/:id', { params: { id } }),
  });

export function useAttendance(id: string) {
  return useQuery(attendanceQueryOptions(id));
}
