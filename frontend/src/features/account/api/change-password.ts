import { passwordChangedSchema, type changePasswordSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';
import { replaceTokenAtom } from '@/lib/session';

export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export function changePassword(body: ChangePasswordBody) {
  return request(async () => passwordChangedSchema.parse(await api.post('me/password', { json: body }).json()));
}

/** Every older token dies with the change: the answer's token keeps this session going. */
export function useChangePassword() {
  const replaceToken = useSetAtom(replaceTokenAtom);
  return useMutation({ mutationFn: changePassword, onSuccess: (answer) => replaceToken(answer.accessToken) });
}
