import type { attendanceAmendSchema } from '@ams/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-call';
import { settleAttendance } from './invalidate';

export type AttendanceAmend = z.input<typeof attendanceAmendSchema>;

/** PATCH /api/attendance/:id: an admin corrects a day's times, with a reason. */
export function amendAttendance({ id, body }: { id: string; body: AttendanceAmend }) {
  return call('PATCH /api/attendance/:id', { params: { id }, body });
}

export function useAmendAttendance() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: amendAttendance, onSuccess: (day) => settleAttendance(queryClient, day) });
}
