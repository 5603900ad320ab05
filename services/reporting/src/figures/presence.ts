import type { DayPlan } from './day-figures.ts';

/** A work day's state and punches, as far as presence goes. */
export interface PresenceDay {
  state: 'working' | 'on-break' | 'back-from-break' | 'left';
  timeIn: number;
  breakIn: number | null;
  breakOut: number | null;
  timeOut: number | null;
}

export type PresenceNow = { kind: 'working' | 'on-break' | 'gone'; since: number } | { kind: 'absent'; since: number } | { kind: 'none' };

/**
 * Where an employee is right now: in (working, or back from a break), on a break, gone for the day, or
 * absent (today's shift has started with no punch and no approved leave). Yesterday's day counts while it
 * is still open (an overnight shift after midnight).
 */
export function presenceNow(input: { today: PresenceDay | null; yesterday: PresenceDay | null; plan: DayPlan; onLeave: boolean; now: number }): PresenceNow {
  const { today, yesterday, plan, onLeave, now } = input;
  const day = today ?? (yesterday && yesterday.state !== 'left' ? yesterday : null);
  if (day) {
    switch (day.state) {
      case 'working':
        return { kind: 'working', since: day.timeIn };
      case 'back-from-break':
        return { kind: 'working', since: day.breakOut ?? day.timeIn };
      case 'on-break':
        return { kind: 'on-break', since: day.breakIn ?? day.timeIn };
      case 'left':
        return { kind: 'gone', since: day.timeOut ?? day.timeIn };
    }
  }
  if (plan.kind === 'working' && !onLeave && now >= plan.shift.start) return { kind: 'absent', since: plan.shift.start };
  return { kind: 'none' };
}
