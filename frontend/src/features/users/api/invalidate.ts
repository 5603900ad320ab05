import type { QueryClient } from '@tanstack/react-query';
import { queriesOf } from '@/lib/api-call';

/** After a user is added, changed or removed, every user list and user read is stale. */
export function invalidateUsers(queryClient: QueryClient) {
  return queryClient.invalidateQueries(queriesOf('GET /api/users', 'GET /api/users/:id'));
}
