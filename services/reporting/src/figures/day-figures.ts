import type { WorkTimeRules } from '@ams/contracts';

/** A working day's shift as instants (ms since the epoch) and the minutes it plans to be paid. */
export interface PlannedShift {
  start: number;
  end: number;
  scheduledMinutes: number;
}

/** What the schedule says of a date. */
export type DayPlan = { kind: 'working'; shift: PlannedShift } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/** A work day's punches as instants (ms). */
export interface Punches {
  timeIn: number;
  breakIn: number | null;
  breakOut: number | null;
  timeOut: number | null;
}

/** How a date counts: the reports show present, absent and leave days; the others are not rows. */
export type DayKind = 'present' | 'absent' | 'leave' | 'rest-day' | 'no-schedule' | 'upcoming';

export interface DayFigures {
  kind: DayKind;
  scheduledMinutes: number;
  /** To the second (a fraction of a minute); the other figures are whole minutes. */
  workedMinutes: number;
  breakMinutes: number;
  lateMinutes: number;
  earlyDepartureMinutes: number;
  overtimeMinutes: number;
}

const MINUTE_MS = 60_000;
const wholeMinutes = (ms: number) => Math.floor(Math.max(0, ms) / MINUTE_MS);

const nothing = { scheduledMinutes: 0, workedMinutes: 0, breakMinutes: 0, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 };

/** Overtime counts in whole blocks of the company's minimum (0: every minute). */
export function countedOvertime(minutes: number, rules: Pick<WorkTimeRules, 'overtimeMinimumMinutes'>): number {
  const block = rules.overtimeMinimumMinutes;
  return block > 0 ? Math.floor(minutes / block) * block : minutes;
}

/** Late only beyond the grace; then by every minute after the shift start. */
export function countedLateness(minutesAfterStart: number, rules: Pick<WorkTimeRules, 'lateGraceMinutes'>): number {
  return minutesAfterStart > rules.lateGraceMinutes ? minutesAfterStart : 0;
}

function workedFigures(plan: DayPlan, punches: Punches, rules: WorkTimeRules): DayFigures {
  // Worked time to the second, as attendance's own read model counts it (hours are rounded only when shown).
  const breakExact = punches.breakIn !== null && punches.breakOut !== null ? Math.max(0, punches.breakOut - punches.breakIn) / MINUTE_MS : 0;
  const breakMinutes = Math.round(breakExact);
  // An open day (no time out yet) has no worked time to count.
  const workedMinutes = punches.timeOut === null ? 0 : Math.max(0, Math.max(0, punches.timeOut - punches.timeIn) / MINUTE_MS - breakExact);
  if (plan.kind === 'rest-day') {
    // Work on a rest day is all overtime.
    return { kind: 'present', ...nothing, workedMinutes, breakMinutes, overtimeMinutes: countedOvertime(Math.floor(workedMinutes), rules) };
  }
  if (plan.kind === 'no-schedule') return { kind: 'present', ...nothing, workedMinutes, breakMinutes };
  const { shift } = plan;
  const lateMinutes = countedLateness(wholeMinutes(punches.timeIn - shift.start), rules);
  const earlyDepartureMinutes = punches.timeOut === null ? 0 : wholeMinutes(shift.end - punches.timeOut);
  const after = punches.timeOut === null ? 0 : wholeMinutes(punches.timeOut - shift.end);
  const before = rules.overtimeBeforeShift ? wholeMinutes(shift.start - punches.timeIn) : 0;
  return {
    kind: 'present',
    scheduledMinutes: shift.scheduledMinutes,
    workedMinutes,
    breakMinutes,
    lateMinutes,
    earlyDepartureMinutes,
    overtimeMinutes: countedOvertime(after + before, rules),
  };
}

/**
 * A date's figures for one employee. With punches, the day is present (on a rest day all of it is
 * overtime); without, a working day is leave when approved leave covers it, else an absence once its
 * shift has ended (`now` past the end), else still upcoming. Leave on a day without a schedule counts too.
 */
export function dayFigures(input: { plan: DayPlan; punches: Punches | null; onLeave: boolean; now: number; rules: WorkTimeRules }): DayFigures {
  const { plan, punches, onLeave, now, rules } = input;
  if (punches) return workedFigures(plan, punches, rules);
  if (plan.kind === 'rest-day') return { kind: 'rest-day', ...nothing };
  const scheduledMinutes = plan.kind === 'working' ? plan.shift.scheduledMinutes : 0;
  if (onLeave) return { kind: 'leave', ...nothing, scheduledMinutes };
  if (plan.kind === 'no-schedule') return { kind: 'no-schedule', ...nothing };
  if (now < plan.shift.end) return { kind: 'upcoming', ...nothing, scheduledMinutes };
  return { kind: 'absent', ...nothing, scheduledMinutes };
}
