import { newEvent, type EventEnvelope } from '@ams/bus';
import { scheduleStateV1, type Schedule, type ScheduleEventType, type ScheduleState } from '@ams/contracts';
import type { ScheduleRow } from './schedule-repository.ts';
import { isOvernight } from './schedule-rules.ts';

/** The API's schedule. */
export function scheduleView(row: ScheduleRow): Schedule {
  return {
    ...row,
    overnight: isOvernight(row.startTime, row.offTime),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The schedule's whole state, keyed by its employee: attendance decides working days, rest days and
 * shift times from it, leave counts working days with it.
 */
export function scheduleEvent(type: ScheduleEventType, row: ScheduleRow, now: Date): EventEnvelope<ScheduleState> {
  const state = scheduleStateV1.parse({
    scheduleId: row.id,
    employeeId: row.employeeId,
    companyId: row.companyId,
    startTime: row.startTime,
    offTime: row.offTime,
    totalHours: row.totalHours,
    restDays: row.restDays,
    fromDate: row.fromDate,
    toDate: row.toDate,
    status: row.status,
  });
  return newEvent(type, row.employeeId, state, { now });
}
