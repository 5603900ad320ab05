import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export function deleteRole(id: string) {
  return call('DELETE /api/roles/:id', { params: { id } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/roles') }) });
}
