import type { userCreateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';
import { invalidateUsers } from './invalidate';

export type UserCreate = z.output<typeof userCreateSchema>;

export function createUser(body: UserCreate) {
  return call('POST /api/users', { body });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => invalidateUsers(queryClient) });
}
