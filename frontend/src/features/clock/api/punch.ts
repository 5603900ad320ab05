import { systemClock, type ClockAction } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { clockApi } from './clock-client';
import { useRecheckKioskDevice } from './get-kiosk-device';

export interface PunchCommand {
  ticket: string;
  action: ClockAction;
  /** Generated once per press: a retry of the same punch sends the same id, so it is recorded once. */
  commandId: string;
}

/** POST /api/clock/punch: check in, break in, break out or check out; a refusal comes back as the spec's message. */
export function punch(command: PunchCommand) {
  return call('POST /api/clock/punch', { body: { ...command, deviceTime: systemClock().toISOString() } }, { client: clockApi });
}

export function usePunch() {
  const recheckKioskDevice = useRecheckKioskDevice();
  return useMutation({ mutationFn: punch, onError: recheckKioskDevice });
}
