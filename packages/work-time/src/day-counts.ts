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
  /** To the second (a fraction of a minute): out − in − break; 0 while the day is open. */
  workedMinutes: number;
  /** The break to the second. */
  breakMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  overtimeMinutes: number;
}

const MINUTE_MS = 60_000;
const wholeMinutes = (ms: number) => Math.floor(Math.max(0, ms) / MINUTE_MS);

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
 * A worked day's counts: lateness in whole minutes after the shift start (beyond the grace), early departure
 * in whole minutes before the shift end, overtime as the whole minutes after the shift end (plus those before
 * its start when the company counts them) in blocks of the minimum. Work on a rest day is all overtime; work
 * without a schedule is worked time only.
 */
export function dayCounts(plan: PlannedDay, punches: DayPunches, rules: WorkTimeRules): DayCounts {
  const breakMinutes = punches.breakIn !== null && punches.breakOut !== null ? Math.max(0, punches.breakOut - punches.breakIn) / MINUTE_MS : 0;
  const workedMinutes = punches.timeOut === null ? 0 : Math.max(0, Math.max(0, punches.timeOut - punches.timeIn) / MINUTE_MS - breakMinutes);
  const none = { workedMinutes, breakMinutes, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 };
  if (plan.kind === 'rest-day') return { ...none, overtimeMinutes: countedOvertime(Math.floor(workedMinutes), rules) };
  if (plan.kind === 'no-schedule') return none;
  const after = punches.timeOut === null ? 0 : wholeMinutes(punches.timeOut - plan.end);
  const before = rules.overtimeBeforeShift ? wholeMinutes(plan.start - punches.timeIn) : 0;
  return {
    workedMinutes,
    breakMinutes,
    lateMinutes: countedLateness(wholeMinutes(punches.timeIn - plan.start), rules),
    earlyDepartureMinutes: punches.timeOut === null ? 0 : wholeMinutes(plan.end - punches.timeOut),
    overtimeMinutes: countedOvertime(after + before, rules),
  };
}
