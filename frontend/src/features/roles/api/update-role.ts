import type { roleUpdateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, queryKeyOf } from '@/lib/api-call';

export type RoleUpdate = z.output<typeof roleUpdateSchema>;

export function updateRole({ id, body }: { id: string; body: RoleUpdate }) {
  return call('PATCH /api/roles/:id', { params: { id }, body });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/roles') }) });
}
