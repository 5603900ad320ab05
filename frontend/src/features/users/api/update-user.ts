import { userSchema, type userUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type UserUpdate = z.output<typeof userUpdateSchema>;

export function updateUser({ id, body }: { id: string; body: UserUpdate }) {
  return request(async () => userSchema.parse(await api.patch(`users/${encodeURIComponent(id)}`, { json: body }).json()));
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }) });
}
