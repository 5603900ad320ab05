import { bulkDeletedSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';

/** POST /api/employees/bulk-delete: all of them or none. */
export function bulkDeleteEmployees(ids: readonly string[]) {
  return request(async () => bulkDeletedSchema.parse(await api.post('employees/bulk-delete', { json: { ids } }).json()));
}

export function useBulkDeleteEmployees() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkDeleteEmployees, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employees'] }) });
}
