import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { signUpStatusQueryOptions } from '@/lib/sign-up-status';

export function updateSignUpSetting(enabled: boolean) {
  return call('PUT /api/settings/sign-up', { body: { enabled } });
}

export function useUpdateSignUpSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignUpSetting,
    onSuccess: (status) => queryClient.setQueryData(signUpStatusQueryOptions().queryKey, status),
  });
}
