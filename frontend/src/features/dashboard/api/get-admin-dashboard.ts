import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** Who is in, on a break, gone or absent changes with every punch: the dashboard asks again every 4 s, so a punch shows within 5 s (e2e/reports). */
export const ADMIN_DASHBOARD_REFRESH_MS = 4_000;

/** GET /api/dashboard/admin: counts, presence now, late arrivals, recent days, pending leave and the 30-day series. */
export const adminDashboardQueryOptions = (companyId: string | undefined) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/dashboard/admin', { query: { companyId } }),
    queryFn: () => call('GET /api/dashboard/admin', { query: { companyId } }),
    // Only while the tab is visible (react-query pauses interval refetches in the background unless told otherwise).
    refetchInterval: ADMIN_DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export function useAdminDashboard({ companyId, enabled }: { companyId?: string | undefined; enabled: boolean }) {
  return useQuery({ ...adminDashboardQueryOptions(companyId), enabled });
}
