import type { WorkTimeRules } from '@ams/contracts';

/**
 * The one definition of a day's lateness, early departure and overtime under a company's work-time rules,
 * shared by attendance's read model and reporting's figures so the two can never disagree.
 */

/** What the schedule planned for the day, as instants (ms since the epoch). */
export type PlannedDay = { kind: 'working'; start: number; end: number } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/** A day's punches as instants (ms); an open day has no time out yet. */
export interface DayPunches {
  timeIn: number;
  breakIn: number | null;
  breakOut: number | null;
  timeOut: number | null;
}

export interface DayCounts {
  /** To the second (a fraction of a minute): out − in − the break inside it; 0 while the day is open. */
  workedMinutes: number;
  /** The break to the second (the part of it between in and out). */
  breakMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  overtimeMinutes: number;
}

const MINUTE_MS = 60_000;
const wholeMinutes = (ms: number) => Math.floor(Math.max(0, ms) / MINUTE_MS);
/** The length of the part of [from, to) that lies inside [start, end), in ms. */
const overlap = (from: number, to: number, start: number, end: number) => Math.max(0, Math.min(to, end) - Math.max(from, start));

/** Overtime counts in whole blocks of the company's minimum (0: every minute). */
export function countedOvertime(minutes: number, rules: Pick<WorkTimeRules, 'overtimeMinimumMinutes'>): number {
  const block = rules.overtimeMinimumMinutes;
  return block > 0 ? Math.floor(minutes / block) * block : minutes;
}

/** Late only beyond the grace; then by every minute after the shift start. */
export function countedLateness(minutesAfterStart: number, rules: Pick<WorkTimeRules, 'lateGraceMinutes'>): number {
  return minutesAfterStart > rules.lateGraceMinutes ? minutesAfterStart : 0;
}

/**
 * A worked day's counts. Worked time is out − in less the break (the part of it inside the day). Lateness is the
 * whole minutes from the shift start to the arrival (beyond the grace), early departure the whole minutes from the
 * departure to the shift end, each at most the shift. Overtime is worked time outside the shift: the whole minutes
 * worked after the shift end (from the later of the end and the arrival) plus, when the company counts them, those
 * worked before its start (up to the earlier of the start and the departure), in blocks of the minimum. Work on a rest
 * day is all overtime; work without a schedule is worked time only. An open day (no time out yet) counts no worked
 * time, early departure or overtime until it closes.
 */
export function dayCounts(plan: PlannedDay, punches: DayPunches, rules: WorkTimeRules): DayCounts {
  const { timeIn, timeOut } = punches;
  const dayEnd = timeOut ?? Infinity;
  const inBreak = (start: number, end: number) =>
    punches.breakIn !== null && punches.breakOut !== null ? overlap(punches.breakIn, punches.breakOut, Math.max(start, timeIn), Math.min(end, dayEnd)) : 0;
  const breakMinutes = inBreak(timeIn, dayEnd) / MINUTE_MS;
  /** Worked ms inside [start, end): the day's span there less the break's. */
  const workedWithin = (start: number, end: number) => (timeOut === null ? 0 : overlap(timeIn, timeOut, start, end) - inBreak(start, end));
  const workedMinutes = workedWithin(-Infinity, Infinity) / MINUTE_MS;
  const none = { workedMinutes, breakMinutes, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 };
  if (plan.kind === 'rest-day') return { ...none, overtimeMinutes: countedOvertime(Math.floor(workedMinutes), rules) };
  if (plan.kind === 'no-schedule') return none;
  const { start, end } = plan;
  const after = wholeMinutes(workedWithin(end, Infinity));
  const before = rules.overtimeBeforeShift ? wholeMinutes(workedWithin(-Infinity, start)) : 0;
  return {
    workedMinutes,
    breakMinutes,
    lateMinutes: countedLateness(wholeMinutes(Math.min(timeIn, end) - start), rules),
    earlyDepartureMinutes: timeOut === null ? 0 : wholeMinutes(end - Math.max(timeOut, start)),
    overtimeMinutes: countedOvertime(after + before, rules),
  };
}
