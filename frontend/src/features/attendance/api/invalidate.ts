import type { Attendance } from '@ams/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';
import { attendanceQueryOptions } from './get-attendance';

const attendanceQueries = queriesOf(
  'GET /api/attendance',
  'GET /api/attendance/presence',
  'GET /api/attendance/:id',
  'GET /api/attendance/:id/history',
  'GET /api/me/attendance',
);

/** After a day is recorded, corrected or deleted, every attendance list, day and history is stale. */
export function invalidateAttendance(queryClient: QueryClient) {
  return queryClient.invalidateQueries(attendanceQueries);
}

/**
 * After a day is recorded or corrected: the command's answer is the day as the lists will show it, so the day
 * is shown from it at once (the lists, which it cannot place in a page, are fetched again).
 */
export function settleAttendance(queryClient: QueryClient, day: Attendance) {
  const { queryKey } = attendanceQueryOptions(day.id);
  queryClient.setQueryData(queryKey, day);
  // The others are read again, not this day: a reporting in another process may not have counted it yet.
  return queryClient.invalidateQueries({
    predicate: (query) => attendanceQueries.predicate?.(query) === true && JSON.stringify(query.queryKey) !== JSON.stringify(queryKey),
  });
}
