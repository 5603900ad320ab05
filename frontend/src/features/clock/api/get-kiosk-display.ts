import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';

/** GET /api/clock/display: the kiosk's time zone and time format, its company's or the organisation's (asked again with each kiosk token). */
export const kioskDisplayQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['clock', 'display', token],
    queryFn: () => call('GET /api/clock/display', {}, { client: clockApi }),
    staleTime: 60_000,
  });

export function useKioskDisplay(token: string) {
  return useQuery(kioskDisplayQueryOptions(token));
}
