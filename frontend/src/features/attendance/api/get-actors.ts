import { findApiRoute, isAllowed, userSchema } from '@ams/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { api, request } from '@/lib/api-client';
import { currentUserAtom } from '@/lib/session';
import type { ActorLookup } from '../actor-label';

/** Identity's GET /api/users/:id, and who may call it, from the route table the gateway enforces. */
const userRoute = findApiRoute('GET', '/api/users/:id');
const userEndpoint = (id: string) => userRoute.path.replace(/^\/api\//, '').replace(':id', encodeURIComponent(id));

/** One acting user, under the users screens' own query key: a user already read there is not read again. */
export const actorQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'detail', id],
    queryFn: () => request(async () => userSchema.parse(await api.get(userEndpoint(id)).json())),
  });

/** Whether the signed-in user may read users (the route's own access rule). */
export function useMayReadActors(): boolean {
  const user = useAtomValue(currentUserAtom);
  return isAllowed(user ? { accountType: user.account_type, permissions: user.role } : null, userRoute.access);
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
