import { clockTicketSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

/** POST /api/clock/identify/face: one camera frame (JPEG) → a clock ticket, or 422 'Face not recognized, please enter your PIN.' */
export function identifyByFace(frame: Blob) {
  return request(async () => clockTicketSchema.parse(await clockApi.post('clock/identify/face', { body: frame, headers: { 'content-type': 'image/jpeg' } }).json()));
}

export function useIdentifyByFace() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByFace, onError: recheckKioskDevice });
}
