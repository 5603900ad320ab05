import type { attendanceRecordSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';
import { settleAttendance } from './invalidate';

export type AttendanceRecord = z.input<typeof attendanceRecordSchema>;

/** POST /api/attendance: an admin records a day the employee did not clock, with a reason. */
export function recordAttendance(body: AttendanceRecord) {
  return call('POST /api/attendance', { body });
}

export function useRecordAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordAttendance, onSuccess: (day) => settleAttendance(queryClient, day) });
}
