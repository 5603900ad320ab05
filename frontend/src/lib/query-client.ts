import { QueryClient } from '@tanstack/react-query';
import { ApiError, SESSION_EXPIRED_STATUSES } from './api-client';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status !== null && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

export function isSessionExpiry(error: unknown): boolean {
  return error instanceof ApiError && error.status !== null && SESSION_EXPIRED_STATUSES.includes(error.status);
}
