import { userSchema, type userCreateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type UserCreate = z.output<typeof userCreateSchema>;

export function createUser(body: UserCreate) {
  return request(async () => userSchema.parse(await api.post('users', { json: body }).json()));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }) });
}
