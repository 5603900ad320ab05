import type { myPinChangeSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';

export type MyPinChange = z.output<typeof myPinChangeSchema>;

/** PUT /api/me/pin: the signed-in employee's own kiosk PIN, the current one required. */
export function changeMyPin(body: MyPinChange) {
  return call('PUT /api/me/pin', { body });
}

export function useChangeMyPin() {
  return useMutation({ mutationFn: changeMyPin });
}
