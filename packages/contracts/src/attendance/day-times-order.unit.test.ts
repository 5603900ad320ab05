import { describe, expect, it } from 'vitest';
import { dayTimesProblems, type DayInstants } from './day-times-order.ts';

const day = (times: Partial<DayInstants>): DayInstants => ({ timeIn: '2026-11-23T09:00:00Z', breakIn: null, breakOut: null, timeOut: null, ...times });

describe('the order of a day’s times', () => {
  it('accepts an ordered day, an open day and a night shift past midnight', () => {
    expect(dayTimesProblems(day({ breakIn: '2026-11-23T12:00:00Z', breakOut: '2026-11-23T13:00:00Z', timeOut: '2026-11-23T17:00:00Z' }))).toEqual([]);
    expect(dayTimesProblems(day({ breakIn: '2026-11-23T12:00:00Z' }))).toEqual([]);
    expect(
      dayTimesProblems(
        day({ timeIn: '2026-11-23T22:00:00Z', breakIn: '2026-11-24T02:00:00Z', breakOut: '2026-11-24T02:30:00Z', timeOut: '2026-11-24T06:00:00Z' }),
      ),
    ).toEqual([]);
  });

  it('names the field of each problem', () => {
    expect(dayTimesProblems(day({ breakIn: '2026-11-23T12:00:00Z', breakOut: '2026-11-23T11:00:00Z', timeOut: '2026-11-23T17:00:00Z' }))).toEqual([
      { field: 'breakOut', messageKey: 'breakOutBeforeBreakIn' },
    ]);
    expect(dayTimesProblems(day({ timeOut: '2026-11-23T08:59:00Z' }))).toEqual([{ field: 'timeOut', messageKey: 'timeOutBeforeTimeIn' }]);
    expect(dayTimesProblems(day({ breakIn: '2026-11-23T08:00:00Z', breakOut: '2026-11-23T18:00:00Z', timeOut: '2026-11-23T17:00:00Z' }))).toEqual([
      { field: 'breakIn', messageKey: 'breakOutsideDay' },
      { field: 'breakOut', messageKey: 'breakOutsideDay' },
    ]);
    expect(dayTimesProblems(day({ breakIn: '2026-11-23T12:00:00Z', timeOut: '2026-11-23T17:00:00Z' }))).toEqual([
      { field: 'breakOut', messageKey: 'breakNeedsBothTimes' },
    ]);
    expect(dayTimesProblems(day({ breakOut: '2026-11-23T12:00:00Z' }))).toEqual([{ field: 'breakIn', messageKey: 'breakNeedsBothTimes' }]);
  });

  it('allows a day of exactly 24 hours and no longer', () => {
    expect(dayTimesProblems(day({ timeOut: '2026-11-24T09:00:00Z' }))).toEqual([]);
    expect(dayTimesProblems(day({ timeOut: '2026-11-24T09:00:01Z' }))).toEqual([{ field: 'timeOut', messageKey: 'workDayTooLong' }]);
  });
});
