import type { kioskDeviceCreateSchema, kioskDeviceRegisteredSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';

export type KioskRegistration = z.output<typeof kioskDeviceCreateSchema>;
/** The new kiosk and its token. */
export type RegisteredKiosk = z.output<typeof kioskDeviceRegisteredSchema>;

/** POST /api/kiosk-devices: the new kiosk and its token, which is never shown again. */
export function registerKioskDevice(body: KioskRegistration) {
  return call('POST /api/kiosk-devices', { body });
}

export function useRegisterKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerKioskDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }) });
}
