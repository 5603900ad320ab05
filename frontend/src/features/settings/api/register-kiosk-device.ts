import { kioskDeviceRegisteredSchema, type kioskDeviceCreateSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';

export type KioskRegistration = z.output<typeof kioskDeviceCreateSchema>;
/** The new kiosk and its token. */
export type RegisteredKiosk = z.output<typeof kioskDeviceRegisteredSchema>;

/** POST /api/kiosk-devices: the new kiosk and its token, which is never shown again. */
export function registerKioskDevice(body: KioskRegistration) {
  return request(async () => kioskDeviceRegisteredSchema.parse(await api.post('kiosk-devices', { json: body }).json()));
}

export function useRegisterKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerKioskDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }) });
}
