import { employeeSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { employeeSaved } from './saved';

/**
 * PUT /api/employees/:id/image with the photo's own bytes and type; the server finds exactly one face in it
 * and enrols it (422 'Image not recognized, please upload another.' otherwise).
 */
export function uploadPhoto({ id, photo }: { id: string; photo: Blob }) {
  return request(async () =>
    employeeSchema.parse(await api.put(`employees/${encodeURIComponent(id)}/image`, { body: photo, headers: { 'content-type': photo.type } }).json()),
  );
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadPhoto, onSuccess: (employee) => employeeSaved(queryClient, employee) });
}
