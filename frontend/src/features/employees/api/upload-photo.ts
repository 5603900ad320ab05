import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { employeeSaved } from './saved';

/**
 * PUT /api/employees/:id/image with the photo's own bytes and type; the server finds exactly one face in it
 * and enrols it (422 'Image not recognized, please upload another.' otherwise).
 */
export function uploadPhoto({ id, photo }: { id: string; photo: Blob }) {
  return call('PUT /api/employees/:id/image', { params: { id }, body: photo });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
