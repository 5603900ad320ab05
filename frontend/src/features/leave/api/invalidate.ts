import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';

/** After a request is made, changed, decided or withdrawn, every leave list, calendar and request is stale. */
export function invalidateLeave(queryClient: QueryClient) {
  return queryClient.invalidateQueries(
    queriesOf('GET /api/leaves', 'GET /api/leaves/calendar', 'GET /api/leaves/:id', 'GET /api/me/leaves', 'GET /api/me/leaves/:id'),
  );
}
