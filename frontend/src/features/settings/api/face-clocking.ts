import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/settings/face-clocking: whether a company uses face clocking. */
export const faceClockingQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/settings/face-clocking', { query: { companyId } }),
    queryFn: () => call('GET /api/settings/face-clocking', { query: { companyId } }),
    enabled: companyId !== '',
  });

export function useFaceClocking(companyId: string) {
  return useQuery(faceClockingQueryOptions(companyId));
}

/** PUT /api/settings/face-clocking: off deletes every face template of the company's employees (and photos, if asked). */
export function useUpdateFaceClocking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { companyId: string; enabled: boolean; deletePhotos: boolean }) => call('PUT /api/settings/face-clocking', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(faceClockingQueryOptions(saved.companyId).queryKey, {
        companyId: saved.companyId,
        enabled: saved.enabled,
        updatedAt: saved.updatedAt,
      });
      // Employees' photos and face badges changed.
      return queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/employees') });
    },
  });
}
