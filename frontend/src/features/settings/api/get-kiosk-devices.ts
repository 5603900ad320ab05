import { kioskDeviceListSchema } from '@ams/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** GET /api/kiosk-devices: an Admin's company's kiosks; a SuperAdmin's of one company (companyId) or of all. */
export const kioskDevicesQueryOptions = (companyId: string | null) =>
  queryOptions({
    queryKey: ['kiosk-devices', companyId ?? 'all'],
    queryFn: () =>
      request(async () => {
        const searchParams = new URLSearchParams(companyId ? { companyId } : {});
        return kioskDeviceListSchema.parse(await api.get('kiosk-devices', { searchParams }).json());
      }),
  });

export function useKioskDevices(companyId: string | null) {
  return useQuery(kioskDevicesQueryOptions(companyId));
}
