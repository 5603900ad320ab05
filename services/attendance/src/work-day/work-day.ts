/**
 * One employee's work day as an event stream (`work-day-<employeeId>-<workDate>`): the events, the
 * state they fold into, and what the day amounts to (hours, status, overtime).
 */

import type { ArrivalStatus, ClockMethod, DepartureStatus } from '@ams/contracts';

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
  /** What the kiosk's clock said: recorded, never trusted. */
  deviceTime: string | null;
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
  | { type: 'AttendanceRecorded'; data: { employeeId: string; companyId: string; workDate: string; shift: Shift | null; times: DayTimes; reason: string; actorId: string } }
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
}

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
  return { ...state, times, status: statusOf(times) };
}

export function evolve(state: WorkDayState, event: WorkDayEvent): WorkDayState {
  switch (event.type) {
    case 'ClockedIn': {
      const { employeeId, companyId, workDate, shift, at } = event.data;
      return { status: 'working', employeeId, companyId, workDate, shift, times: { timeIn: at, breakIn: null, breakOut: null, timeOut: null } };
    }
    case 'BreakStarted':
      return withTimes(state, { breakIn: event.data.at });
    case 'BreakEnded':
      return withTimes(state, { breakOut: event.data.at });
    case 'ClockedOut':
      return withTimes(state, { timeOut: event.data.at });
    case 'AttendanceRecorded': {
      const { employeeId, companyId, workDate, shift, times } = event.data;
      return { status: statusOf(times), employeeId, companyId, workDate, shift, times };
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
  /** Hours worked: out − in − break (up to now while the day is open, if `now` is given). */
  totalHours: number | null;
  breakMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  /** Spec §3, from the check-in: late arrival or on time (null without a shift). */
  arrivalStatus: ArrivalStatus | null;
  /** Spec §3, from the check-out: early departure or on time (null without a shift or a check-out). */
  departureStatus: DepartureStatus | null;
  /** Worked beyond the schedule's planned hours. */
  overtimeHours: number;
}

const MINUTE = 60_000;
const minutesBetween = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / MINUTE);
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/** What a day amounts to, from its times and its shift. */
export function summarize(state: WorkDayState): DaySummary | null {
  if (state.status === 'not-started') return null;
  const { times, shift } = state;
  const breakMinutes = times.breakIn && times.breakOut ? minutesBetween(times.breakIn, times.breakOut) : 0;
  const totalHours = times.timeOut ? hours(minutesBetween(times.timeIn, times.timeOut) - breakMinutes) : null;
  const lateMinutes = shift ? Math.floor(minutesBetween(shift.start, times.timeIn)) : 0;
  const earlyDepartureMinutes = shift && times.timeOut ? Math.floor(minutesBetween(times.timeOut, shift.end)) : 0;
  const arrivalStatus: ArrivalStatus | null = !shift ? null : lateMinutes > 0 ? 'late arrival' : 'on time';
  const departureStatus: DepartureStatus | null = !shift || !times.timeOut ? null : earlyDepartureMinutes > 0 ? 'early departure' : 'on time';
  const overtimeHours = shift && totalHours !== null ? Math.max(0, Math.round((totalHours - shift.totalHours) * 100) / 100) : 0;
  return { totalHours, breakMinutes: Math.round(breakMinutes), lateMinutes, earlyDepartureMinutes, arrivalStatus, departureStatus, overtimeHours };
}

export function workDayStreamId(employeeId: string, workDate: string): string {
  return `work-day-${employeeId}-${workDate}`;
}
