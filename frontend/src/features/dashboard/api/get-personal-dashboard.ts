import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/dashboard/me: my day, previous attendances, schedule, leave requests and hours this week and month. */
export const personalDashboardQueryOptions = () =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/dashboard/me'),
    queryFn: () => call('GET /api/dashboard/me'),
  });

export function usePersonalDashboard({ enabled }: { enabled: boolean }) {
  return useQuery({ ...personalDashboardQueryOptions(), enabled });
}
