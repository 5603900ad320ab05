import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from './api-call';

/** GET /api/sign-up: read by the sign-in page and by the setting that opens sign-up, under one key. */
export const signUpStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/sign-up'),
    queryFn: () => call('GET /api/sign-up'),
  });

export function useSignUpStatus() {
  return useQuery(signUpStatusQueryOptions());
}
