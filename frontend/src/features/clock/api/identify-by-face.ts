import type { FaceBurst } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

/**
 * POST /api/clock/identify/face: a burst of camera frames (base64 JPEGs) → a clock ticket, or 422 'Face not
 * recognized, please enter your PIN.', or 403 where face recognition needs a registered kiosk.
 */
export function identifyByFace(burst: FaceBurst) {
  return call('POST /api/clock/identify/face', { body: burst }, { client: clockApi });
}

export function useIdentifyByFace() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByFace, onError: recheckKioskDevice });
}
