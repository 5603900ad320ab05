import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export function resolveFeedback(id: string) {
  return call('POST /api/feedback/:id/resolve', { params: { id } });
}

export function useResolveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/feedback') }),
  });
}
