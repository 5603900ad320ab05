import type { meUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { call } from '@/lib/api-call';
import { replaceUserAtom } from '@/lib/session';
import { meQueryOptions } from './get-me';

export type MeUpdate = z.output<typeof meUpdateSchema>;

export function updateMe(body: MeUpdate) {
  return call('PATCH /api/me', { body });
}

export function useUpdateMe() {
  const queryClient = useQueryClient();
  const replaceUser = useSetAtom(replaceUserAtom);
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      replaceUser(user);
      queryClient.setQueryData(meQueryOptions().queryKey, user);
    },
  });
}
