import { clockTicketSchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { kioskApi, request } from '@/lib/api-client';

/** POST /api/clock/identify/face: one camera frame (JPEG) → a clock ticket, or 422 'Face not recognized, please enter your PIN.' */
export function identifyByFace(frame: Blob) {
  return request(async () => clockTicketSchema.parse(await kioskApi.post('clock/identify/face', { body: frame, headers: { 'content-type': 'image/jpeg' } }).json()));
}

export function useIdentifyByFace() {
  return useMutation({ mutationFn: identifyByFace });
}
