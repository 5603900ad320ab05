import type { FeedbackCategory, FeedbackStatus } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface FeedbackQuery {
  status: FeedbackStatus | undefined;
  category: FeedbackCategory | undefined;
  page: number;
  pageSize: number;
}

export const feedbackQueryOptions = (query: FeedbackQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/feedback', { query }),
    queryFn: () => call('GET /api/feedback', { query }),
    placeholderData: keepPreviousData,
  });

export function useFeedbackList(query: FeedbackQuery) {
  return useQuery(feedbackQueryOptions(query));
}
