import type { changePasswordSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';

export type ChangePasswordBody = z.output<typeof changePasswordSchema>;

export function changePassword(body: ChangePasswordBody) {
  return call('POST /api/me/password', { body });
}

/** Every older token dies with the change; identity sets the new token's cookies in the same answer. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
