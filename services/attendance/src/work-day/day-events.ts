/**
 * A work day's stored events as the service appended them, and its audit history: every event in order, with
 * who, when, how and why.
 */
import { evolve, initialWorkDay, type WorkDayEvent, type WorkDayEventType, type WorkDayState } from './work-day.ts';

/** A stored event of a work-day stream, as the event store returns it. */
export interface StoredDayEvent {
  type: string;
  data: unknown;
  recordedAt: Date;
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

/** An admin's change of the day: by whom and why, at the instant it is about. */
function adminEntry(
  event: { type: string; data: { actorId: string | null; reason: string } },
  at: string,
  recordedAt: string,
  details: Record<string, unknown>,
): HistoryEntry {
  return { type: event.type, at, recordedAt, method: 'admin', actorId: event.data.actorId, reason: event.data.reason, details };
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
        return adminEntry(event, event.data.times.timeIn, recorded, { times: event.data.times, shift: event.data.shift });
      case 'AttendanceAmended':
        return adminEntry(event, event.data.times.timeIn, recorded, { times: event.data.times, previousTimes });
      case 'AttendanceDeleted':
        return adminEntry(event, recorded, recorded, { previousTimes });
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  });
}
