import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

export interface PinCredentials {
  identifier: string;
  pin: string;
}

/** POST /api/clock/identify/pin: the employee's national ID or email and PIN → a short-lived clock ticket. */
export function identifyByPin(credentials: PinCredentials) {
  return call('POST /api/clock/identify/pin', { body: credentials }, { client: clockApi });
}

export function useIdentifyByPin() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByPin, onError: recheckKioskDevice });
}
