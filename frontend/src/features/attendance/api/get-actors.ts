import { queryOptions, useQueries } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';
import { routeOf } from '@/lib/api-table';
import { useAuthorization } from '@/lib/authorization';
import type { ActorLookup } from '../actor-label';

/** One acting user: the users screens' request, so a user already read there is not read again. */
export const actorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/users/:id', { params: { id } }),
    queryFn: () => call('GET /api/users/:id', { params: { id } }),
  });

/** Whether the signed-in user may read users (the route's own access rule, which the gateway enforces). */
export function useMayReadActors(): boolean {
  return useAuthorization().mayUse(routeOf('GET /api/users/:id').access);
}

/**
 * What is known of each acting user of a history: each distinct id is read once (and kept by the query client);
 * none is read when the viewer may not read users. An id not among `ids` reads as still pending.
 */
export function useActors(ids: readonly string[]): (id: string) => ActorLookup {
  const allowed = useMayReadActors();
  const distinct = [...new Set(ids)];
  const results = useQueries({ queries: distinct.map((id) => ({ ...actorQueryOptions(id), enabled: allowed })) });
  return (id) => {
    if (!allowed) return { state: 'not-allowed' };
    const result = results[distinct.indexOf(id)];
    if (result?.data) return { state: 'found', user: result.data };
    if (result?.isError) return { state: 'failed' };
    return { state: 'pending' };
  };
}
