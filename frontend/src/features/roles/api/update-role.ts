import { roleSchema, type roleUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type RoleUpdate = z.output<typeof roleUpdateSchema>;

export function updateRole({ id, body }: { id: string; body: RoleUpdate }) {
  return request(async () => roleSchema.parse(await api.patch(`roles/${encodeURIComponent(id)}`, { json: body }).json()));
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }) });
}
