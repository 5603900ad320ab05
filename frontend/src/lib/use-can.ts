import { holds, type PermissionKey } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { currentUserAtom } from './session';

/** Whether the signed-in user holds a permission (a SuperAdmin holds all), for showing actions. */
export function useCan() {
  const user = useAtomValue(currentUserAtom);
  return useCallback((key: PermissionKey) => (user ? user.account_type === 'SuperAdmin' || holds(user.role, key) : false), [user]);
}
