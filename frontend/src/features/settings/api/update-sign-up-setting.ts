import { signUpStatusSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { signUpStatusQueryOptions } from '@/lib/sign-up-status';

export function updateSignUpSetting(enabled: boolean) {
  return request(async () => signUpStatusSchema.parse(await api.put('settings/sign-up', { json: { enabled } }).json()));
}

export function useUpdateSignUpSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignUpSetting,
    onSuccess: (status) => queryClient.setQueryData(signUpStatusQueryOptions().queryKey, status),
  });
}
