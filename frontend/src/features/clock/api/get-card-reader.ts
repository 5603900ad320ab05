import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';

/** GET /api/clock/card-reader: whether this kiosk takes RFID cards (asked again with each kiosk token). */
export const cardReaderQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['clock', 'card-reader', token],
    queryFn: () => call('GET /api/clock/card-reader', {}, { client: clockApi }),
    staleTime: 60_000,
  });

export function useCardReader(token: string) {
  return useQuery(cardReaderQueryOptions(token));
}
