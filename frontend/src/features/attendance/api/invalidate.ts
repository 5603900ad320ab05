import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';

/** After a day is recorded, corrected or deleted, every attendance list, day and history is stale. */
export function invalidateAttendance(queryClient: QueryClient) {
  return queryClient.invalidateQueries(
    queriesOf('GET /api/attendance', 'GET /api/attendance/presence', 'GET /api/attendance/:id', 'GET /api/attendance/:id/history', 'GET /api/me/attendance'),
  );
}
