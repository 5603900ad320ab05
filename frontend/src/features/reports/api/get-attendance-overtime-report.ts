import type { ReportQuery } from '@ams/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call, queryKeyOf } from '@/lib/api-call';

/** GET /api/reports/attendance-overtime. */
export const attendanceOvertimeReportQueryOptions = (query: Partial<ReportQuery>) =>
  queryOptions({
    queryKey: queryKeyOf('GET /api/reports/attendance-overtime', { query }),
    queryFn: () => call('GET /api/reports/attendance-overtime', { query }),
    placeholderData: keepPreviousData,
  });

export function useAttendanceOvertimeReport(query: Partial<ReportQuery>) {
  return useQuery(attendanceOvertimeReportQueryOptions(query));
}
