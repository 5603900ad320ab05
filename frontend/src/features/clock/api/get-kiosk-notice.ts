import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';

/** GET /api/clock/notice: what the kiosk captures and why (public, as the clock is). */
export const kioskNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['clock', 'notice'], queryFn: () => call('GET /api/clock/notice', {}, { client: clockApi }), staleTime: 10 * 60_000 });

export function useKioskNotice() {
  return useQuery(kioskNoticeQueryOptions());
}
