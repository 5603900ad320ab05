import type { WorkTimeRules } from '@ams/contracts';
import { absenceOf, dayCounts, type DayPunches, type PlannedDay } from '@ams/work-time';

/** A working day's shift as instants (ms since the epoch) and the minutes it plans to be paid. */
export interface PlannedShift {
  start: number;
  end: number;
  scheduledMinutes: number;
}

/** What the schedule says of a date. */
export type DayPlan = { kind: 'working'; shift: PlannedShift } | { kind: 'rest-day' } | { kind: 'no-schedule' };

/** A work day's punches as instants (ms). */
export type Punches = DayPunches;

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

const nothing = { scheduledMinutes: 0, workedMinutes: 0, breakMinutes: 0, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 0 };

function workedFigures(plan: DayPlan, punches: Punches, rules: WorkTimeRules): DayFigures {
  // Counted by the definition attendance's read model uses (packages/work-time), so the two agree.
  const planned: PlannedDay = plan.kind === 'working' ? { kind: 'working', start: plan.shift.start, end: plan.shift.end } : plan;
  const counts = dayCounts(planned, punches, rules);
  return {
    kind: 'present',
    ...counts,
    breakMinutes: Math.round(counts.breakMinutes),
    scheduledMinutes: plan.kind === 'working' ? plan.shift.scheduledMinutes : 0,
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
  if (absenceOf(plan.shift.end, now) === 'not-in') return { kind: 'upcoming', ...nothing, scheduledMinutes };
  return { kind: 'absent', ...nothing, scheduledMinutes };
}
