import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { call } from './api-call';
import { signOutAtom } from './session';

/** Spec §4: an explicit sign-out clears the session even when the call fails, then goes to the sign-in page. */
export function useSignOut() {
  const signOut = useSetAtom(signOutAtom);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await call('POST /api/sign-out');
    } catch {
      // The session ends on this side whatever the server says.
    }
    signOut({ explicit: true });
    queryClient.clear();
    await navigate(paths.signIn, { replace: true });
  }, [navigate, queryClient, signOut]);
}
