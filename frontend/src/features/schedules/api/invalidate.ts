import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';

/** After a schedule is assigned, changed or ended, every schedule list and schedule is stale. */
export function invalidateSchedules(queryClient: QueryClient) {
  return queryClient.invalidateQueries(queriesOf('GET /api/schedules', 'GET /api/schedules/:id', 'GET /api/me/schedules'));
}
