import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queriesOf } from '@/lib/api-call';

/** DELETE /api/employees/:id/image: the photo and the face template go together. */
export function removePhoto(id: string) {
  return call('DELETE /api/employees/:id/image', { params: { id } });
}

export function useRemovePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePhoto, onSuccess: () => queryClient.invalidateQueries(queriesOf('GET /api/employees', 'GET /api/employees/:id')) });
}
