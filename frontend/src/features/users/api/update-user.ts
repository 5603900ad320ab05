import type { userUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';
import { invalidateUsers } from './invalidate';

export type UserUpdate = z.output<typeof userUpdateSchema>;

export function updateUser({ id, body }: { id: string; body: UserUpdate }) {
  return call('PATCH /api/users/:id', { params: { id }, body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => invalidateUsers(queryClient) });
}
