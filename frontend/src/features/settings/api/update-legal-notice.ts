import type { LegalNoticeUpdate } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-call';
import { legalNoticeQueryOptions } from '@/lib/legal-notice';

export function updateLegalNotice(body: LegalNoticeUpdate) {
  return call('PUT /api/settings/legal', { body });
}

export function useUpdateLegalNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLegalNotice,
    onSuccess: (notice) => queryClient.setQueryData(legalNoticeQueryOptions().queryKey, notice),
  });
}
