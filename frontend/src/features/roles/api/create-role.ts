import { roleSchema, type roleCreateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type RoleCreate = z.output<typeof roleCreateSchema>;

export function createRole(body: RoleCreate) {
  return request(async () => roleSchema.parse(await api.post('roles', { json: body }).json()));
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }) });
}
