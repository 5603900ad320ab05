import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

/** POST /api/clock/identify/face: one camera frame (JPEG) → a clock ticket, or 422 'Face not recognized, please enter your PIN.' */
export function identifyByFace(frame: Blob) {
  return call('POST /api/clock/identify/face', { body: frame, contentType: 'image/jpeg' }, { client: clockApi });
}

export function useIdentifyByFace() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByFace, onError: recheckKioskDevice });
}
