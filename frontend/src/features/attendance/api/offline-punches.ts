import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queriesOf, queryKeyOf } from '@/lib/api-call';
import type { AttendanceRecord } from './record-attendance';
import { invalidateAttendance } from './invalidate';

/** GET /api/attendance/offline-punches: one page of the kiosk punches the server refused on replay, still to be dealt with. */
export const openOfflinePunchesQueryOptions = (paging: { page: number; pageSize: number }) => {
  const query = { resolved: 'false', ...paging } as const;
  return queryOptions({
    queryKey: queryKeyOf('GET /api/attendance/offline-punches', { query }),
    queryFn: () => call('GET /api/attendance/offline-punches', { query }),
    placeholderData: keepPreviousData,
  });
};

export function useOpenOfflinePunches(paging: { page: number; pageSize: number }) {
  return useQuery(openOfflinePunchesQueryOptions(paging));
}

/** POST /api/attendance/offline-punches/:id/record: the admin records the punch's day by hand, with a reason; that settles it. */
export function recordOfflinePunchDay({ id, body }: { id: string; body: AttendanceRecord }) {
  return call('POST /api/attendance/offline-punches/:id/record', { params: { id }, body });
}

export function useRecordOfflinePunchDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordOfflinePunchDay,
    onSuccess: () => Promise.all([invalidateAttendance(queryClient), queryClient.invalidateQueries(queriesOf('GET /api/attendance/offline-punches'))]),
  });
}
