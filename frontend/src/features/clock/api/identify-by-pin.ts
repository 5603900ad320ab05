import { clockTicketSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { kioskApi, request } from '@/lib/api-client';

export interface PinCredentials {
  identifier: string;
  pin: string;
}

/** POST /api/clock/identify/pin: the employee's national ID or email and PIN → a short-lived clock ticket. */
export function identifyByPin(credentials: PinCredentials) {
  return request(async () => clockTicketSchema.parse(await kioskApi.post('clock/identify/pin', { json: credentials }).json()));
}

export function useIdentifyByPin() {
  return useMutation({ mutationFn: identifyByPin });
}
