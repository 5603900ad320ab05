import { clockTicketSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

export interface PinCredentials {
  identifier: string;
  pin: string;
}

/** POST /api/clock/identify/pin: the employee's national ID or email and PIN → a short-lived clock ticket. */
export function identifyByPin(credentials: PinCredentials) {
  return request(async () => clockTicketSchema.parse(await clockApi.post('clock/identify/pin', { json: credentials }).json()));
}

export function useIdentifyByPin() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByPin, onError: recheckKioskDevice });
}
