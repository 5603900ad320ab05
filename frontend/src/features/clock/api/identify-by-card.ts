import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

export interface CardCredentials {
  card: string;
  /** The holder's PIN, when the company asks for it after a card. */
  pin?: string;
}

/**
 * POST /api/clock/identify/card: the number a USB reader typed (and the PIN, where asked) → a clock ticket, or
 * `pinRequired` when the company asks for the holder's PIN after a card; 403 while the RFID clock is off.
 */
export function identifyByCard(credentials: CardCredentials) {
  return call('POST /api/clock/identify/card', { body: credentials }, { client: clockApi });
}

export function useIdentifyByCard() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: identifyByCard, onError: recheckKioskDevice });
}
