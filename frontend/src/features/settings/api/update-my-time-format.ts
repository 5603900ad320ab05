import type { TimeFormatPreference } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { call, queryKeyOf } from '@/lib/api-call';
import { replaceUserAtom } from '@/lib/session';

/** The signed-in user's own time format (null: their company's). */
export function updateMyTimeFormat(timeFormat: TimeFormatPreference | null) {
  return call('PATCH /api/me', { body: { timeFormat } });
}

export function useUpdateMyTimeFormat() {
  const queryClient = useQueryClient();
  const replaceUser = useSetAtom(replaceUserAtom);
  return useMutation({
    mutationFn: updateMyTimeFormat,
    onSuccess: (user) => {
      // Every date on every page reads the session's user: they all follow at once.
      replaceUser(user);
      queryClient.setQueryData(queryKeyOf('GET /api/me'), user);
    },
  });
}
