import { punchResultSchema, type ClockAction } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { kioskApi, request } from '@/lib/api-client';

export interface PunchCommand {
  ticket: string;
  action: ClockAction;
  /** Generated once per press: a retry of the same punch sends the same id, so it is recorded once. */
  commandId: string;
}

/** POST /api/clock/punch: check in, break in, break out or check out; a refusal comes back as the spec's message. */
export function punch(command: PunchCommand) {
  return request(async () => punchResultSchema.parse(await kioskApi.post('clock/punch', { json: { ...command, deviceTime: new Date().toISOString() } }).json()));
}

export function usePunch() {
  return useMutation({ mutationFn: punch });
}
