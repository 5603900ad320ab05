import { attendanceSchema, type attendanceRecordSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, request } from '@/lib/api-client';
import { invalidateAttendance } from './invalidate';

export type AttendanceRecord = z.input<typeof attendanceRecordSchema>;

/** POST /api/attendance: an admin records a day the employee did not clock, with a reason. */
export function recordAttendance(body: AttendanceRecord) {
  return request(async () => attendanceSchema.parse(await api.post('attendance', { json: body }).json()));
}

export function useRecordAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordAttendance, onSuccess: () => invalidateAttendance(queryClient) });
}
