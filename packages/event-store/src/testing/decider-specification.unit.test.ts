import { AssertionError } from 'node:assert';
import { describe, expect, it } from 'vitest';
import { WorkDayError, workDayDecider } from '../test-support/work-day-decider.ts';
import { DeciderSpecification } from './decider-specification.ts';

const spec = DeciderSpecification.for(workDayDecider);
const clockedIn = { type: 'ClockedIn', data: { at: '2024-05-06T08:00:00Z' } } as const;

describe('DeciderSpecification', () => {
  it('passes when the command produces the expected events from the given history', () => {
    spec.given([]).when({ type: 'ClockIn', at: '2024-05-06T08:00:00Z' }).then([clockedIn]);
    spec
      .given([clockedIn])
      .when({ type: 'ClockOut', at: '2024-05-06T17:00:00Z' })
      .then([{ type: 'ClockedOut', data: { at: '2024-05-06T17:00:00Z' } }]);
  });

  it('throws an AssertionError when the produced events differ from the expected ones', () => {
    expect(() =>
      spec
        .given([])
        .when({ type: 'ClockIn', at: '2024-05-06T08:00:00Z' })
        .then([{ type: 'ClockedIn', data: { at: '2024-05-06T09:00:00Z' } }]),
    ).toThrow(AssertionError);
  });

  it('passes thenThrows when the decision rejects the command with the expected error class and details', () => {
    spec.given([clockedIn]).when({ type: 'ClockIn', at: '2024-05-06T09:00:00Z' }).thenThrows(WorkDayError);
    spec
      .given([clockedIn])
      .when({ type: 'ClockIn', at: '2024-05-06T09:00:00Z' })
      .thenThrows(WorkDayError, (error) => error.code === 'already-clocked-in');
    spec
      .given([])
      .when({ type: 'ClockOut', at: '2024-05-06T09:00:00Z' })
      .thenThrows((error) => error instanceof WorkDayError && error.code === 'not-clocked-in');
  });

  it('throws an AssertionError from thenThrows when the command succeeds', () => {
    expect(() => spec.given([]).when({ type: 'ClockIn', at: '2024-05-06T08:00:00Z' }).thenThrows(WorkDayError)).toThrow(/Expected the command to throw/);
  });

  it('throws an AssertionError from thenThrows when the error is of another class or fails the check', () => {
    class OtherError extends Error {}
    const when = spec.given([clockedIn]).when({ type: 'ClockIn', at: '2024-05-06T09:00:00Z' });
    expect(() => when.thenThrows(OtherError)).toThrow(/unexpected error: WorkDayError/);
    expect(() => when.thenThrows(WorkDayError, (error) => error.code === 'not-clocked-in')).toThrow(AssertionError);
    expect(() => when.thenThrows(() => false)).toThrow(AssertionError);
  });
});
