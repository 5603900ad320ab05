import { addDays, minutesOf, RuleRefusal, shiftHours, weekdays, type ScheduleStatus, type Weekday } from '@ams/contracts';

/** The rules of one employee's schedules, pure: the service feeds them what it read under the employee's lock. */

export interface Period {
  fromDate: string;
  /** Null: open-ended. */
  toDate: string | null;
}

export interface PlacedSchedule extends Period {
  id: string;
  status: ScheduleStatus;
}

export interface ScheduleShape extends Period {
  startTime: string;
  offTime: string;
  totalHours: number;
}

/** A schedule cut short: to the day before a newer one starts, or archived (an explicit end, previous at once). */
export interface Ending {
  id: string;
  toDate: string;
  explicit: boolean;
}

/** What the rules refuse, by catalogue key; the service gives each its status. */
export type ScheduleRefusalKey =
  | 'scheduleOverlaps'
  | 'hoursExceedShift'
  | 'scheduleEndsBeforeStart'
  | 'previousScheduleNeedsEnd'
  | 'scheduleMovedPastAnother'
  | 'scheduleAlreadyEnded'
  | 'scheduleNotStarted';

/** A refusal of the rules: a domain error, not an HTTP one (the rules know no statuses). */
export class ScheduleRefusal extends RuleRefusal<ScheduleRefusalKey> {
  override readonly name = 'ScheduleRefusal';
}

export function overlaps(a: Period, b: Period): boolean {
  return (a.toDate === null || b.fromDate <= a.toDate) && (b.toDate === null || a.fromDate <= b.toDate);
}

/** Off time at or before the start time: the shift ends the next day (as `shiftHours` counts it). */
export function isOvernight(startTime: string, offTime: string): boolean {
  return minutesOf(offTime) <= minutesOf(startTime);
}

/** Rest days once each, Monday first, however the form listed them. */
export function canonicalRestDays(days: readonly Weekday[]): Weekday[] {
  return weekdays.filter((day) => days.includes(day));
}

/** The request schemas check these on what a request sends; a change is checked again on the merged schedule. */
export function assertShape(schedule: ScheduleShape): void {
  if (schedule.totalHours > shiftHours(schedule.startTime, schedule.offTime) + 1e-9) throw new ScheduleRefusal('hoursExceedShift');
  if (schedule.toDate !== null && schedule.toDate < schedule.fromDate) throw new ScheduleRefusal('scheduleEndsBeforeStart');
}

/** The latest schedule the period overlaps: the one in its way, when earlier ones could be corrected too. */
function clashOf(others: readonly PlacedSchedule[], period: Period): PlacedSchedule | undefined {
  return others.filter((other) => overlaps(other, period)).sort((a, b) => b.fromDate.localeCompare(a.fromDate))[0];
}

/** Whether a schedule still runs on `date`: in force or upcoming, and not ending before it. */
const runsInto = (schedule: PlacedSchedule, date: string) => schedule.status !== 'previous' && (schedule.toDate === null || schedule.toDate >= date);

/**
 * Assigning a schedule from F: the schedules in force or upcoming that started before F and would still
 * run on F end the day before it, so one starting later leaves the current one in force until then;
 * whatever else it would overlap refuses it, so the history is never rewritten silently.
 */
export function planAssignment(existing: readonly PlacedSchedule[], period: Period): Ending[] {
  const endings: Ending[] = existing
    .filter((schedule) => schedule.fromDate < period.fromDate && runsInto(schedule, period.fromDate))
    .map((schedule) => ({ id: schedule.id, toDate: addDays(period.fromDate, -1), explicit: false }));
  const after = existing.map((schedule) => {
    const ending = endings.find((candidate) => candidate.id === schedule.id);
    return ending ? { ...schedule, toDate: ending.toDate } : schedule;
  });
  const clash = clashOf(after, period);
  if (clash) throw new ScheduleRefusal('scheduleOverlaps', { fromDate: clash.fromDate });
  return endings;
}

/**
 * A correction keeps the history in order: no overlap with the employee's other schedules, none moved
 * past another, and a previous one keeps an end.
 */
export function assertChange(others: readonly PlacedSchedule[], before: PlacedSchedule, changed: ScheduleShape): void {
  assertShape(changed);
  if (before.status === 'previous' && changed.toDate === null) throw new ScheduleRefusal('previousScheduleNeedsEnd');
  const clash = clashOf(others, changed);
  if (clash) throw new ScheduleRefusal('scheduleOverlaps', { fromDate: clash.fromDate });
  const outOfOrder = others.some((other) => other.fromDate > before.fromDate !== other.fromDate > changed.fromDate);
  if (outOfOrder) throw new ScheduleRefusal('scheduleMovedPastAnother');
}

/** Archiving ends a current schedule today unless it already ends sooner. */
export function planArchive(schedule: PlacedSchedule, today: string): Ending {
  if (schedule.status === 'previous') throw new ScheduleRefusal('scheduleAlreadyEnded');
  if (schedule.status === 'upcoming') throw new ScheduleRefusal('scheduleNotStarted');
  return { id: schedule.id, toDate: schedule.toDate === null || schedule.toDate > today ? today : schedule.toDate, explicit: true };
}

/** An employee archived on `today`: the schedule in force ends that day, upcoming ones are dropped. */
export function planEmployeeArchive(schedules: readonly PlacedSchedule[], today: string): { endings: Ending[]; dropped: string[] } {
  return {
    endings: schedules.filter((schedule) => schedule.status === 'current').map((schedule) => planArchive(schedule, today)),
    dropped: schedules.filter((schedule) => schedule.status === 'upcoming').map((schedule) => schedule.id),
  };
}
