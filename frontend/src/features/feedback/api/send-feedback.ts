import type { FeedbackCreate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export function sendFeedback(body: FeedbackCreate) {
  return call('POST /api/feedback', { body });
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeyOf('GET /api/feedback') }),
  });
}
