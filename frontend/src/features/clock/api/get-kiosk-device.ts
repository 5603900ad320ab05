import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { clockApi } from './clock-client';

/**
 * GET /api/clock/device: the registered kiosk this browser's token (x-kiosk-token) belongs to; 401 with
 * the kioskNotRegistered refusal when the token is unknown or was revoked. Asked only when a token is stored.
 */
export const kioskDeviceQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['clock', 'device', token],
    queryFn: () => call('GET /api/clock/device', {}, { client: clockApi }),
    enabled: token !== '',
  });

export function useKioskDevice(token: string) {
  return useQuery(kioskDeviceQueryOptions(token));
}

/** A clock call refused because the kiosk is no longer registered: ask again, so the kiosk says so. */
export function useRecheckKioskDevice() {
  const queryClient = useQueryClient();
  return useCallback(
    (error: Error) => {
      if (error instanceof ApiError && error.messageKey === 'kioskNotRegistered') void queryClient.invalidateQueries({ queryKey: ['clock', 'device'] });
    },
    [queryClient],
  );
}
