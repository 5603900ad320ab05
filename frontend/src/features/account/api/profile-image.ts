import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { call, queryKeyOf } from '@/lib/api-call';
import { replaceUserAtom } from '@/lib/session';

function useUserChange<Input>(change: (input: Input) => ReturnType<typeof removeProfileImage>) {
  const queryClient = useQueryClient();
  const replaceUser = useSetAtom(replaceUserAtom);
  return useMutation({
    mutationFn: change,
    onSuccess: (user) => {
      // The header's user menu reads the session's user: the new image shows at once.
      replaceUser(user);
      queryClient.setQueryData(queryKeyOf('GET /api/me'), user);
    },
  });
}

export function uploadProfileImage(file: Blob) {
  return call('PUT /api/me/image', { body: file });
}

export function removeProfileImage() {
  return call('DELETE /api/me/image');
}

export function useUploadProfileImage() {
  return useUserChange(uploadProfileImage);
}

export function useRemoveProfileImage() {
  return useUserChange(removeProfileImage);
}
