import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-call';

/** GET /api/kiosk-devices: an Admin's company's kiosks; a SuperAdmin's of one company (companyId) or of all. */
export const kioskDevicesQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: ['kiosk-devices', companyId ?? 'all'],
    queryFn: () => call('GET /api/kiosk-devices', { query: { companyId } }),
  });

export function useKioskDevices(companyId: string | null) {
  return useQuery(kioskDevicesQueryOptions(companyId));
}
