import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';

/** DELETE /api/kiosk-devices/:id: its token stops working at once; the kiosk stays listed as revoked. */
export function revokeKioskDevice(id: string) {
  return call('DELETE /api/kiosk-devices/:id', { params: { id } });
}

export function useRevokeKioskDevice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeKioskDevice, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['kiosk-devices'] }) });
}
