import { signUpStatusSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** GET /api/sign-up: read by the sign-in page and by the setting that opens sign-up, under one key. */
export const signUpStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['sign-up-status'],
    queryFn: () => request(async () => signUpStatusSchema.parse(await api.get('sign-up').json())),
  });

export function useSignUpStatus() {
  return useQuery(signUpStatusQueryOptions());
}
