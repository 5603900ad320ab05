import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queriesOf } from '@/lib/api-call';

/** POST /api/employees/bulk-delete: all of them or none. */
export function bulkDeleteEmployees(ids: readonly string[]) {
  return call('POST /api/employees/bulk-delete', { body: { ids: [...ids] } });
}

export function useBulkDeleteEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkDeleteEmployees,
    onSuccess: () => queryClient.invalidateQueries(queriesOf('GET /api/employees', 'GET /api/employees/:id')),
  });
}
