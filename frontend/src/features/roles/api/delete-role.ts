import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export function deleteRole(id: string) {
  return request(async () => {
    await api.delete(`roles/${encodeURIComponent(id)}`);
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['roles'] }) });
}
