import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/attendance/:id/history: every event of a work day, with who, when, how and why. */
export const attendanceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/attendance/:id/history', { params: { id } }),
    queryFn: () => call('GET /api/attendance/:id/history', { params: { id } }),
  });

export function useAttendanceHistory(id: string, enabled: boolean) {
  return useQuery({ ...attendanceHistoryQueryOptions(id), enabled });
}
