import { signUpStatusSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** Shares its key with the sign-in page's status query, so a change shows there at once. */
export const signUpSettingQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-up-status'],
    queryFn: () => request(async () => signUpStatusSchema.parse(await api.get('sign-up').json())),
  });

export function useSignUpSetting() {
  return useQuery(signUpSettingQueryOptions());
}
