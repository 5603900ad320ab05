/**
 * What the read models hold about a work day, as pure functions of the day's stream: the list row
 * (folded with `evolve`, summed up with `summarize`) and the audit history.
 */
import type { ArrivalStatus, DepartureStatus, PresenceState, WorkTimeRules } from '@ams/contracts';
import { reasonOf, workDayId } from '../work-day/work-day-view.ts';
import {
  evolve,
  initialWorkDay,
  recordedOffline,
  summarize,
  type DayTimes,
  type WorkDayEvent,
  type WorkDayEventType,
  type WorkDayState,
} from '../work-day/work-day.ts';

/** A stored event of a work-day stream, as the event store returns it. */
export interface StoredDayEvent {
  type: string;
  data: unknown;
  recordedAt: Date;
}

/** One row of attendance_days, without the directory's name and department. */
export interface ProjectedDay {
  workDayId: string;
  employeeId: string;
  companyId: string;
  workDate: string;
  timeIn: string;
  breakIn: string | null;
  breakOut: string | null;
  timeOut: string | null;
  totalHours: number | null;
  overtimeHours: number;
  overtimeMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  arrivalStatus: ArrivalStatus | null;
  departureStatus: DepartureStatus | null;
  state: PresenceState;
  /** The latest of the day's times: since when the employee is in `state`. */
  since: string;
  reason: string | null;
  recordedOffline: boolean;
  updatedAt: string;
}

const workDayEventTypes: ReadonlySet<string> = new Set<WorkDayEventType>([
  'ClockedIn',
  'BreakStarted',
  'BreakEnded',
  'ClockedOut',
  'AttendanceRecorded',
  'AttendanceAmended',
  'AttendanceDeleted',
]);

/** The stream's events that are work-day events (the stored type and data are what the service appended). */
export function workDayEventsOf(stored: readonly StoredDayEvent[]): Array<{ event: WorkDayEvent; recordedAt: Date }> {
  return stored
    .filter((entry) => workDayEventTypes.has(entry.type))
    .map((entry) => ({ event: { type: entry.type, data: entry.data } as WorkDayEvent, recordedAt: entry.recordedAt }));
}

/** The companies a stream's days belong to (their work-time rules are read before the days are summed up). */
export function companiesOf(stored: readonly StoredDayEvent[]): string[] {
  return workDayEventsOf(stored).flatMap(({ event }) => ('companyId' in event.data ? [event.data.companyId] : []));
}

/**
 * The day after all of its events, counted by its company's work-time rules: `day` is null once deleted
 * (or before it started); `workDayId` is null only for a stream without a starting event.
 */
export function projectDay(
  stored: readonly StoredDayEvent[],
  rulesOf: (companyId: string) => WorkTimeRules,
): { workDayId: string; day: ProjectedDay | null } | null {
  let state: WorkDayState = initialWorkDay();
  let id: string | null = null;
  let reason: string | null = null;
  let updatedAt: Date | null = null;
  for (const { event, recordedAt } of workDayEventsOf(stored)) {
    state = evolve(state, event);
    if (state.status !== 'not-started') id = workDayId(state.employeeId, state.workDate);
    // A deleted day starts over: the corrections of its former life are not this day's reason.
    reason = event.type === 'AttendanceDeleted' ? null : (reasonOf(event)?.reason ?? reason);
    updatedAt = recordedAt;
  }
  if (id === null) return null;
  if (state.status === 'not-started' || updatedAt === null) return { workDayId: id, day: null };
  const summary = summarize(state, rulesOf(state.companyId));
  const { times } = state;
  return {
    workDayId: id,
    day: {
      workDayId: id,
      employeeId: state.employeeId,
      companyId: state.companyId,
      workDate: state.workDate,
      ...times,
      totalHours: summary?.totalHours ?? null,
      overtimeHours: summary?.overtimeHours ?? 0,
      overtimeMinutes: summary?.overtimeMinutes ?? 0,
      lateMinutes: summary?.lateMinutes ?? 0,
      earlyDepartureMinutes: summary?.earlyDepartureMinutes ?? 0,
      arrivalStatus: summary?.arrivalStatus ?? null,
      departureStatus: summary?.departureStatus ?? null,
      state: state.status,
      since: latestTime(times),
      reason,
      recordedOffline: recordedOffline(state),
      updatedAt: updatedAt.toISOString(),
    },
  };
}

function latestTime(times: DayTimes): string {
  return times.timeOut ?? times.breakOut ?? times.breakIn ?? times.timeIn;
}

export type PunchMethod = 'face' | 'pin' | 'card' | 'admin';

/** One entry of a day's audit trail. */
export interface HistoryEntry {
  type: string;
  /** The instant the event is about: the punch's time, the day's time in for an admin's times, else when it was recorded. */
  at: string;
  recordedAt: string;
  method: PunchMethod | null;
  actorId: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

/** Every event of the day in order: who, when, how and why; an admin's change also shows the times it replaced. */
export function historyOf(stored: readonly StoredDayEvent[]): HistoryEntry[] {
  let state: WorkDayState = initialWorkDay();
  return workDayEventsOf(stored).map(({ event, recordedAt }) => {
    const previousTimes = state.status === 'not-started' ? null : state.times;
    state = evolve(state, event);
    const recorded = recordedAt.toISOString();
    switch (event.type) {
      case 'ClockedIn':
      case 'BreakStarted':
      case 'BreakEnded':
      case 'ClockedOut': {
        const { method, actorId, ...source } = event.data.source;
        const details: Record<string, unknown> = { ...source };
        if (event.type === 'ClockedIn') details.shift = event.data.shift;
        return { type: event.type, at: event.data.at, recordedAt: recorded, method, actorId, reason: null, details };
      }
      case 'AttendanceRecorded':
        return {
          type: event.type,
          at: event.data.times.timeIn,
          recordedAt: recorded,
          method: 'admin',
          actorId: event.data.actorId,
          reason: event.data.reason,
          details: { times: event.data.times, shift: event.data.shift },
        };
      case 'AttendanceAmended':
        return {
          type: event.type,
          at: event.data.times.timeIn,
          recordedAt: recorded,
          method: 'admin',
          actorId: event.data.actorId,
          reason: event.data.reason,
          details: { times: event.data.times, previousTimes },
        };
      case 'AttendanceDeleted':
        return {
          type: event.type,
          at: recorded,
          recordedAt: recorded,
          method: 'admin',
          actorId: event.data.actorId,
          reason: event.data.reason,
          details: { previousTimes },
        };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  });
}
