import type { QueryClient } from '@tanstack/react-query';

/** After a day is recorded, corrected or deleted, every attendance list, day and history is stale. */
export function invalidateAttendance(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ['attendance'] });
}
