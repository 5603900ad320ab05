import type { roleCreateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, queryKeyOf } from '@/lib/api-call';

export type RoleCreate = z.output<typeof roleCreateSchema>;

export function createRole(body: RoleCreate) {
  return call('POST /api/roles', { body });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/roles') }) });
}
