import { attendanceSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** GET /api/attendance/:id: one work day ('No attendance found!' when there is none). */
export const attendanceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['attendance', 'day', id],
    queryFn: () => request(async () => attendanceSchema.parse(await api.get(`attendance/${encodeURIComponent(id)}`).json())),
  });

export function useAttendance(id: string) {
  return useQuery(attendanceQueryOptions(id));
}
