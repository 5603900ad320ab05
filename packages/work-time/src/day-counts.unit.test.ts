import { describe, expect, it } from 'vitest';
import { countedLateness, countedOvertime, dayCounts, type DayPunches, type PlannedDay } from './day-counts.ts';

const rules = { lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 };
const at = (iso: string) => Date.parse(iso);
const nineToFive: PlannedDay = { kind: 'working', start: at('2026-11-23T09:00:00Z'), end: at('2026-11-23T17:00:00Z') };
const overnight: PlannedDay = { kind: 'working', start: at('2026-11-24T22:00:00Z'), end: at('2026-11-25T06:00:00Z') };
function punches(timeIn: string, timeOut: string | null, breakIn: string | null = null, breakOut: string | null = null): DayPunches {
  return {
    timeIn: at(timeIn),
    timeOut: timeOut === null ? null : at(timeOut),
    breakIn: breakIn === null ? null : at(breakIn),
    breakOut: breakOut === null ? null : at(breakOut),
  };
}

describe('the grace before a late arrival', () => {
  it('forgives an arrival up to the grace minute itself and counts every minute of one beyond it', () => {
    const graced = { ...rules, lateGraceMinutes: 5 };
    expect(dayCounts(nineToFive, punches('2026-11-23T09:05:59Z', '2026-11-23T17:00:00Z'), graced).lateMinutes).toBe(0);
    expect(dayCounts(nineToFive, punches('2026-11-23T09:06:00Z', '2026-11-23T17:00:00Z'), graced).lateMinutes).toBe(6);
    expect(dayCounts(nineToFive, punches('2026-11-23T09:05:00Z', '2026-11-23T17:00:00Z'), rules).lateMinutes).toBe(5);
    expect(countedLateness(5, { lateGraceMinutes: 5 })).toBe(0);
    expect(countedLateness(6, { lateGraceMinutes: 5 })).toBe(6);
  });

  it('never makes a late arrival of less than a whole minute late', () => {
    expect(dayCounts(nineToFive, punches('2026-11-23T09:00:59Z', '2026-11-23T17:00:00Z'), rules).lateMinutes).toBe(0);
  });
});

describe('overtime', () => {
  it('counts the minutes after the shift end, in whole blocks of the minimum', () => {
    const late = punches('2026-11-23T09:00:00Z', '2026-11-23T17:44:00Z');
    expect(dayCounts(nineToFive, late, rules).overtimeMinutes).toBe(44);
    expect(dayCounts(nineToFive, late, { ...rules, overtimeMinimumMinutes: 15 }).overtimeMinutes).toBe(30);
    expect(dayCounts(nineToFive, late, { ...rules, overtimeMinimumMinutes: 45 }).overtimeMinutes).toBe(0);
    expect(countedOvertime(45, { overtimeMinimumMinutes: 15 })).toBe(45);
    expect(countedOvertime(7, { overtimeMinimumMinutes: 0 })).toBe(7);
  });

  it('counts the time before the shift start only when the company says so, in the same blocks', () => {
    const early = punches('2026-11-23T08:00:00Z', '2026-11-23T17:50:00Z');
    expect(dayCounts(nineToFive, early, rules).overtimeMinutes).toBe(50);
    expect(dayCounts(nineToFive, early, { ...rules, overtimeBeforeShift: true }).overtimeMinutes).toBe(110);
    expect(dayCounts(nineToFive, early, { ...rules, overtimeBeforeShift: true, overtimeMinimumMinutes: 30 }).overtimeMinutes).toBe(90);
  });

  it('counts an overnight shift across midnight by its instants', () => {
    const counts = dayCounts(overnight, punches('2026-11-24T22:10:00Z', '2026-11-25T06:30:00Z'), rules);
    expect(counts).toEqual({ workedMinutes: 500, breakMinutes: 0, lateMinutes: 10, earlyDepartureMinutes: 0, overtimeMinutes: 30 });
    expect(dayCounts(overnight, punches('2026-11-24T21:30:00Z', '2026-11-25T05:45:00Z'), { ...rules, overtimeBeforeShift: true })).toMatchObject({
      overtimeMinutes: 30,
      earlyDepartureMinutes: 15,
    });
  });

  it('counts all work on a rest day as overtime, and none without a schedule', () => {
    const sunday = punches('2026-11-22T10:00:00Z', '2026-11-22T12:10:00Z');
    expect(dayCounts({ kind: 'rest-day' }, sunday, { ...rules, overtimeMinimumMinutes: 60 })).toMatchObject({ overtimeMinutes: 120, lateMinutes: 0 });
    expect(dayCounts({ kind: 'no-schedule' }, sunday, rules)).toMatchObject({ workedMinutes: 130, overtimeMinutes: 0, lateMinutes: 0 });
  });
});

describe('a day that starts after the shift ended (issue 30: overtime was counted from the shift end)', () => {
  // A 09:00–17:00 shift in UTC, days recorded by an admin; the figures are computed by hand.
  it.each([
    [
      '16 seconds at 22:21',
      '2026-11-23T22:21:05Z',
      '2026-11-23T22:21:21Z',
      { workedMinutes: 16 / 60, lateMinutes: 480, earlyDepartureMinutes: 0, overtimeMinutes: 0 },
    ],
    ['22:21 to 23:01', '2026-11-23T22:21:00Z', '2026-11-23T23:01:00Z', { workedMinutes: 40, lateMinutes: 480, earlyDepartureMinutes: 0, overtimeMinutes: 40 }],
    ['08:00 to 18:00', '2026-11-23T08:00:00Z', '2026-11-23T18:00:00Z', { workedMinutes: 600, lateMinutes: 0, earlyDepartureMinutes: 0, overtimeMinutes: 60 }],
    [
      '12:00 to 20:00',
      '2026-11-23T12:00:00Z',
      '2026-11-23T20:00:00Z',
      { workedMinutes: 480, lateMinutes: 180, earlyDepartureMinutes: 0, overtimeMinutes: 180 },
    ],
  ])('counts only the time worked after the shift as overtime: %s', (_name, timeIn, timeOut, expected) => {
    expect(dayCounts(nineToFive, punches(timeIn, timeOut), rules)).toEqual({ breakMinutes: 0, ...expected });
  });

  it('counts no overtime for a break taken after the shift, and no early departure beyond the shift for a day that ended before it', () => {
    const evening = punches('2026-11-23T16:00:00Z', '2026-11-23T19:00:00Z', '2026-11-23T17:30:00Z', '2026-11-23T18:00:00Z');
    expect(dayCounts(nineToFive, evening, rules)).toMatchObject({ workedMinutes: 150, overtimeMinutes: 90, lateMinutes: 420 });
    const dawn = punches('2026-11-23T05:00:00Z', '2026-11-23T06:00:00Z');
    expect(dayCounts(nineToFive, dawn, { ...rules, overtimeBeforeShift: true })).toMatchObject({
      workedMinutes: 60,
      overtimeMinutes: 60,
      earlyDepartureMinutes: 480,
      lateMinutes: 0,
    });
  });
});

describe('worked time and early departure', () => {
  it('counts worked time to the second without the break, and a late arrival that leaves early as both', () => {
    const counts = dayCounts(nineToFive, punches('2026-11-23T09:20:00Z', '2026-11-23T16:30:30Z', '2026-11-23T12:00:00Z', '2026-11-23T12:30:00Z'), rules);
    expect(counts).toEqual({ workedMinutes: 400.5, breakMinutes: 30, lateMinutes: 20, earlyDepartureMinutes: 29, overtimeMinutes: 0 });
  });

  it('leaves an open day without worked time, early departure or overtime until it closes', () => {
    expect(dayCounts(nineToFive, punches('2026-11-23T08:00:00Z', null), { ...rules, overtimeBeforeShift: true })).toEqual({
      workedMinutes: 0,
      breakMinutes: 0,
      lateMinutes: 0,
      earlyDepartureMinutes: 0,
      overtimeMinutes: 0,
    });
    expect(dayCounts(nineToFive, punches('2026-11-23T09:30:00Z', null), rules)).toMatchObject({ lateMinutes: 30, overtimeMinutes: 0 });
  });
});
