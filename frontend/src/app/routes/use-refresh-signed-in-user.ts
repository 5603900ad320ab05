import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useMe } from '@/features/account/api/get-me';
import { replaceUserAtom } from '@/lib/session';

/** The stored user may be stale (role edited meanwhile): refresh it once per session from /api/me. */
export function useRefreshSignedInUser(enabled: boolean) {
  const me = useMe({ enabled });
  const replaceUser = useSetAtom(replaceUserAtom);
  useEffect(() => {
    if (me.data) replaceUser(me.data);
  }, [me.data, replaceUser]);
}
