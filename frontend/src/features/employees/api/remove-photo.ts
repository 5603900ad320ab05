import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** DELETE /api/employees/:id/image: the photo and the face template go together. */
export function removePhoto(id: string) {
  return request(async () => {
    await api.delete(`employees/${encodeURIComponent(id)}/image`);
  });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePhoto, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employees'] }) });
}
