import { newEvent, type EventEnvelope } from '@ams/bus';
import { WORK_DAY_CHANGED, type Attendance, type AttendanceStatus, type WorkDayChanged, type WorkTimeRules } from '@ams/contracts';
import { nameBasedUuid } from '@ams/event-store';
import { recordedOffline, summarize, type DaySummary, type WorkDayEvent, type WorkDayState } from './work-day.ts';

const namespace = '1d7b0c5e-2a9f-4e6b-8c3d-5a7e9f1b2c4d';

/** A work day's id: the same for an employee and date everywhere (name-based uuid). */
export function workDayId(employeeId: string, workDate: string): string {
  return nameBasedUuid(namespace, `${employeeId}/${workDate}`);
}

type StartedDay = Exclude<WorkDayState, { status: 'not-started' }>;

/** The API's view of a started day. */
export function attendanceView(
  state: StartedDay,
  rules: WorkTimeRules,
  details: { employeeName: string; departmentId: string; reason: string | null; updatedAt: string },
): Attendance {
  const summary = summarize(state, rules);
  return {
    id: workDayId(state.employeeId, state.workDate),
    employeeId: state.employeeId,
    employeeName: details.employeeName,
    companyId: state.companyId,
    departmentId: details.departmentId,
    workDate: state.workDate,
    ...state.times,
    totalHours: summary?.totalHours ?? null,
    overtimeHours: summary?.overtimeHours ?? 0,
    lateMinutes: summary?.lateMinutes ?? 0,
    arrivalStatus: summary?.arrivalStatus ?? null,
    departureStatus: summary?.departureStatus ?? null,
    state: state.status,
    reason: details.reason,
    recordedOffline: recordedOffline(state),
    updatedAt: details.updatedAt,
  };
}

/** What an admin change said, if the event is one. */
export function reasonOf(event: WorkDayEvent): { reason: string; actorId: string } | null {
  switch (event.type) {
    case 'AttendanceRecorded':
    case 'AttendanceAmended':
    case 'AttendanceDeleted':
      return { reason: event.data.reason, actorId: event.data.actorId };
    default:
      return null;
  }
}

/** The single status the event's first version carried: an early departure outranks a late arrival. */
function oneStatusOf(summary: DaySummary): AttendanceStatus | null {
  if (summary.departureStatus === 'early departure') return 'early departure';
  return summary.arrivalStatus;
}

/** The integration event for reporting: the day's whole state after `event`. */
export function workDayChanged(
  ids: { employeeId: string; companyId: string; workDate: string },
  event: WorkDayEvent,
  state: WorkDayState,
  now: Date,
  rules: WorkTimeRules,
): EventEnvelope<WorkDayChanged> {
  const summary = state.status === 'not-started' ? null : summarize(state, rules);
  const times = state.status === 'not-started' ? { timeIn: null, breakIn: null, breakOut: null, timeOut: null } : state.times;
  const admin = reasonOf(event);
  const actorId = admin?.actorId ?? ('source' in event.data ? event.data.source.actorId : null);
  return newEvent(
    WORK_DAY_CHANGED,
    ids.employeeId,
    {
      workDayId: workDayId(ids.employeeId, ids.workDate),
      ...ids,
      change: event.type,
      state: state.status === 'not-started' ? 'deleted' : state.status,
      ...times,
      totalHours: summary?.totalHours ?? null,
      overtimeHours: summary?.overtimeHours ?? 0,
      lateMinutes: summary?.lateMinutes ?? 0,
      status: summary ? oneStatusOf(summary) : null,
      arrivalStatus: summary?.arrivalStatus ?? null,
      departureStatus: summary?.departureStatus ?? null,
      scheduledHours: state.status === 'not-started' ? null : (state.shift?.totalHours ?? null),
      shift: state.status === 'not-started' || !state.shift ? null : { start: state.shift.start, end: state.shift.end },
      actorId,
      reason: admin?.reason ?? null,
      recordedOffline: recordedOffline(state),
    },
    { now },
  );
}
