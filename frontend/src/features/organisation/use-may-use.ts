import type { RouteAccess } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { currentUserAtom } from '@/lib/session';
import { useCan } from '@/lib/use-can';

/**
 * Whether the signed-in user may make a call, by the route table's rule for it: an allowed account type
 * holding every permission (companies, for instance, are added and removed only by a SuperAdmin).
 */
export function useMayUse() {
  const can = useCan();
  const user = useAtomValue(currentUserAtom);
  return useCallback(
    (access: RouteAccess) => access.kind === 'public' || (user !== null && access.accountTypes.includes(user.account_type) && access.permissions.every(can)),
    [can, user],
  );
}
