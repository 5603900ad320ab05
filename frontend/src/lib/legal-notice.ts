import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from './api-call';

/** GET /api/legal: read by the legal pages (signed in or not) and by the setting that edits the texts, under one key. */
export const legalNoticeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/legal'),
    queryFn: () => call('GET /api/legal'),
  });

export function useLegalNotice() {
  return useQuery(legalNoticeQueryOptions());
}
