import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

export function deleteUser(id: string) {
  return request(async () => {
    await api.delete(`users/${encodeURIComponent(id)}`);
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }) });
}
