import type { LeaveStatus } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

export interface LeavesQuery {
  status?: LeaveStatus | undefined;
  leaveTypeId?: string | undefined;
  companyId?: string | undefined;
  departmentId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/leaves: one page of leave requests, pending first, by status, type, company, department, dates and name. */
export const leavesQueryOptions = (query: LeavesQuery) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/leaves', { query }),
    queryFn: () => call('GET /api/leaves', { query }),
    placeholderData: keepPreviousData,
  });

export function useLeaves(query: LeavesQuery, enabled = true) {
  return useQuery({ ...leavesQueryOptions(query), enabled });
}
