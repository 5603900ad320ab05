import type { Decider } from '../decider.ts';

// A tiny decider used by this package's tests: one work day, clocked in then out.
export type WorkDayCommand = { type: 'ClockIn'; at: string } | { type: 'ClockOut'; at: string };
export type WorkDayEvent = { type: 'ClockedIn'; data: { at: string } } | { type: 'ClockedOut'; data: { at: string } };
export type WorkDayState = { status: 'notStarted' } | { status: 'working'; since: string } | { status: 'finished' };

export class WorkDayError extends Error {
  override readonly name = 'WorkDayError';
  readonly code: 'already-clocked-in' | 'not-clocked-in';
  constructor(code: WorkDayError['code']) {
    super(code);
    this.code = code;
  }
}

export const workDayDecider: Decider<WorkDayCommand, WorkDayEvent, WorkDayState> = {
  initialState: () => ({ status: 'notStarted' }),
  decide(command, state) {
    switch (command.type) {
      case 'ClockIn':
        if (state.status === 'working') throw new WorkDayError('already-clocked-in');
        return [{ type: 'ClockedIn', data: { at: command.at } }];
      case 'ClockOut':
        if (state.status !== 'working') throw new WorkDayError('not-clocked-in');
        return [{ type: 'ClockedOut', data: { at: command.at } }];
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ClockedIn':
        return { status: 'working', since: event.data.at };
      case 'ClockedOut':
        return { status: 'finished' };
    }
  },
};
