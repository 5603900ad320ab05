import { attendanceHistorySchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** GET /api/attendance/:id/history: every event of a work day, with who, when, how and why. */
export const attendanceHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['attendance', 'history', id],
    queryFn: () => request(async () => attendanceHistorySchema.parse(await api.get(`attendance/${encodeURIComponent(id)}/history`).json())),
  });

export function useAttendanceHistory(id: string, enabled: boolean) {
  return useQuery({ ...attendanceHistoryQueryOptions(id), enabled });
}
