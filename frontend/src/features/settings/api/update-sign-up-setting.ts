import { signUpStatusSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { signUpSettingQueryOptions } from './get-sign-up-setting';

export function updateSignUpSetting(enabled: boolean) {
  return request(async () => signUpStatusSchema.parse(await api.put('settings/sign-up', { json: { enabled } }).json()));
}

export function useUpdateSignUpSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignUpSetting,
    onSuccess: (status) => queryClient.setQueryData(signUpSettingQueryOptions().queryKey, status),
  });
}
