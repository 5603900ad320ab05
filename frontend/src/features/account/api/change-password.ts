import { passwordChangedSchema, type changePasswordSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export function changePassword(body: ChangePasswordBody) {
  return request(async () => passwordChangedSchema.parse(await api.post('me/password', { json: body }).json()));
}

/** Every older token dies with the change; identity sets the new token's cookies in the same answer. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
