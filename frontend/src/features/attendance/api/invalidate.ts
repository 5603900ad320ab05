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
  queryClient.setQueryData(attendanceQueryOptions(day.id).queryKey, day);
  // Not the day just set: read again now, a distributed reporting might not have counted it yet.
  return queryClient.invalidateQueries({ predicate: (query) => attendanceQueries.predicate?.(query) === true && query.state.data !== day });
}
