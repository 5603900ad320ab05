import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** DELETE /api/kiosk-devices/:id: its token stops working at once; the kiosk stays listed as revoked. */
export function revokeKioskDevice(id: string) {
  return request(async () => {
    await api.delete(`kiosk-devices/${encodeURIComponent(id)}`);
  });
}

export function useRevokeKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeKioskDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }) });
}
