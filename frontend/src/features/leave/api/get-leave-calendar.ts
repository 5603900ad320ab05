import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface LeaveCalendarQuery {
  month: string;
  companyId?: string | undefined;
  departmentId?: string | undefined;
}

/** GET /api/leaves/calendar: the pending and approved leave sharing a day with the month. */
export const leaveCalendarQueryOptions = (query: LeaveCalendarQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/leaves/calendar', { query }),
    queryFn: () => call('GET /api/leaves/calendar', { query }),
    placeholderData: keepPreviousData,
  });

export function useLeaveCalendar(query: LeaveCalendarQuery) {
  return useQuery(leaveCalendarQueryOptions(query));
}
