/**
 * One employee's work day as an event stream (`work-day-<employeeId>-<workDate>`): the events, the
 * state they fold into, and what the day amounts to (hours, status, overtime).
 */

import type { ArrivalStatus, ClockMethod, DepartureStatus, WorkTimeRules } from '@ams/contracts';
import { dayCounts, type PlannedDay } from '@ams/work-time';

/** The planned shift of the day, fixed when the day starts: instants in UTC, so DST is already applied. */
export interface Shift {
  scheduleId: string;
  start: string;
  end: string;
  /** Paid hours the schedule plans (the rest of the shift is break). */
  totalHours: number;
}

/** How and from where a punch came; an admin's change names the admin. */
export interface PunchSource {
  method: ClockMethod | 'admin';
  actorId: string | null;
  kioskId: string | null;
  clientIp: string | null;
  matchScore: number | null;
  spoofScore: number | null;
  /** What the kiosk's clock said: recorded, never trusted (an offline punch's time is it corrected by the kiosk's offset). */
  deviceTime: string | null;
  /** Set on a punch a kiosk made offline and replayed later: when it reached the server and the offset it was corrected by. */
  offline?: { receivedAt: string; clockOffsetMs: number };
}

export interface DayTimes {
  timeIn: string;
  breakIn: string | null;
  breakOut: string | null;
  timeOut: string | null;
}

export type WorkDayEvent =
  | { type: 'ClockedIn'; data: { employeeId: string; companyId: string; workDate: string; at: string; shift: Shift; source: PunchSource } }
  | { type: 'BreakStarted'; data: { at: string; source: PunchSource } }
  | { type: 'BreakEnded'; data: { at: string; source: PunchSource } }
  | { type: 'ClockedOut'; data: { at: string; source: PunchSource } }
  | {
      type: 'AttendanceRecorded';
      data: { employeeId: string; companyId: string; workDate: string; shift: Shift | null; times: DayTimes; reason: string; actorId: string };
    }
  | { type: 'AttendanceAmended'; data: { times: DayTimes; reason: string; actorId: string } }
  | { type: 'AttendanceDeleted'; data: { reason: string; actorId: string } };

export type WorkDayEventType = WorkDayEvent['type'];

interface Day {
  employeeId: string;
  companyId: string;
  workDate: string;
  /** Null for a day an admin recorded without a schedule. */
  shift: Shift | null;
  times: DayTimes;
  /**
   * The times in force that a kiosk recorded offline (issue 30, L-1): they rest on the kiosk's clock, so the day
   * says so. An admin's correction of such a time takes over from it; times it leaves as they were keep their origin.
   */
  offlineTimes: readonly TimeName[];
}

export type TimeName = keyof DayTimes;

/** Where the day stands; one break per day, as the spec's refusals imply. */
export type WorkDayState =
  | { status: 'not-started' }
  | ({ status: 'working' } & Day)
  | ({ status: 'on-break' } & Day)
  | ({ status: 'back-from-break' } & Day)
  | ({ status: 'left' } & Day);

export const initialWorkDay = (): WorkDayState => ({ status: 'not-started' });

/** The status the times imply. */
function statusOf(times: DayTimes): Exclude<WorkDayState['status'], 'not-started'> {
  if (times.timeOut) return 'left';
  if (times.breakIn && !times.breakOut) return 'on-break';
  if (times.breakOut) return 'back-from-break';
  return 'working';
}

function withTimes(state: WorkDayState, change: Partial<DayTimes>): WorkDayState {
  if (state.status === 'not-started') return state;
  const times = { ...state.times, ...change };
  // A time that changed is no longer the one a kiosk may have recorded offline.
  const offlineTimes = state.offlineTimes.filter((name) => times[name] === state.times[name]);
  return { ...state, times, offlineTimes, status: statusOf(times) };
}

/** A kiosk's punch sets one time; it is marked when the kiosk recorded it offline. */
function withPunch(state: WorkDayState, name: TimeName, punch: { at: string; source: PunchSource }): WorkDayState {
  const next = withTimes(state, { [name]: punch.at });
  if (next.status === 'not-started') return next;
  const others = next.offlineTimes.filter((other) => other !== name);
  return { ...next, offlineTimes: punch.source.offline ? [...others, name] : others };
}

/** Whether any time the day still holds was recorded offline by a kiosk. */
export const recordedOffline = (state: WorkDayState): boolean => state.status !== 'not-started' && state.offlineTimes.length > 0;

export function evolve(state: WorkDayState, event: WorkDayEvent): WorkDayState {
  switch (event.type) {
    case 'ClockedIn': {
      const { employeeId, companyId, workDate, shift, at } = event.data;
      const offlineTimes: TimeName[] = event.data.source.offline ? ['timeIn'] : [];
      return { status: 'working', employeeId, companyId, workDate, shift, times: { timeIn: at, breakIn: null, breakOut: null, timeOut: null }, offlineTimes };
    }
    case 'BreakStarted':
      return withPunch(state, 'breakIn', event.data);
    case 'BreakEnded':
      return withPunch(state, 'breakOut', event.data);
    case 'ClockedOut':
      return withPunch(state, 'timeOut', event.data);
    case 'AttendanceRecorded': {
      const { employeeId, companyId, workDate, shift, times } = event.data;
      return { status: statusOf(times), employeeId, companyId, workDate, shift, times, offlineTimes: [] };
    }
    case 'AttendanceAmended':
      return withTimes(state, event.data.times);
    case 'AttendanceDeleted':
      return initialWorkDay();
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export interface DaySummary {
  /** Hours worked: out − in − break (null while the day is open). */
  totalHours: number | null;
  breakMinutes: number;
  /** Whole minutes after the shift start, beyond the company's grace (else 0). */
  lateMinutes: number;
  earlyDepartureMinutes: number;
  /** Spec §3, from the check-in: late arrival or on time (null without a shift). */
  arrivalStatus: ArrivalStatus | null;
  /** Spec §3, from the check-out: early departure or on time (null without a shift or a check-out). */
  departureStatus: DepartureStatus | null;
  /** Minutes after the shift end (and before its start if the company counts them), in the company's blocks. */
  overtimeMinutes: number;
  overtimeHours: number;
}

const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
const instant = (time: string | null) => (time === null ? null : Date.parse(time));

/**
 * What a day amounts to, from its times, its shift and its company's work-time rules: counted by the one
 * definition reporting uses too (packages/work-time), so the list and the reports agree.
 */
export function summarize(state: WorkDayState, rules: WorkTimeRules): DaySummary | null {
  if (state.status === 'not-started') return null;
  const { times, shift } = state;
  // Attendance refuses clocking on a rest day: a day without a shift is one without a schedule.
  const plan: PlannedDay = shift ? { kind: 'working', start: Date.parse(shift.start), end: Date.parse(shift.end) } : { kind: 'no-schedule' };
  const counts = dayCounts(
    plan,
    { timeIn: Date.parse(times.timeIn), breakIn: instant(times.breakIn), breakOut: instant(times.breakOut), timeOut: instant(times.timeOut) },
    rules,
  );
  const { lateMinutes, earlyDepartureMinutes, overtimeMinutes } = counts;
  return {
    totalHours: times.timeOut ? hours(counts.workedMinutes) : null,
    breakMinutes: Math.round(counts.breakMinutes),
    lateMinutes,
    earlyDepartureMinutes,
    arrivalStatus: !shift ? null : lateMinutes > 0 ? 'late arrival' : 'on time',
    departureStatus: !shift || !times.timeOut ? null : earlyDepartureMinutes > 0 ? 'early departure' : 'on time',
    overtimeMinutes,
    overtimeHours: hours(overtimeMinutes),
  };
}

export function workDayStreamId(employeeId: string, workDate: string): string {
  return `work-day-${employeeId}-${workDate}`;
}
