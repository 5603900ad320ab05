import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { weekdayOf, type ScheduleState, type WorkTimeRules } from '@ams/contracts';
import { scheduleState } from '@ams/contracts/testing';
import { dayCounts, type DayCounts, type DayPunches, type PlannedDay } from './day-counts.ts';
import { planOf } from './day-plan.ts';

/*
 * The day counting against a deliberately simple reference model: the shift found by reading a wall clock minute by
 * minute, and every figure counted minute by minute over the day. Seeded, so a failure reproduces; a counter-example
 * it finds is kept below as a fixed case.
 */
const MINUTE = 60_000;
const SEED = 30_2026;

// --- the reference model -------------------------------------------------------------------------------------------

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** What a wall clock in the zone reads at an instant, as 'YYYY-MM-DD HH:mm'. */
function wallClock(instant: number, zone: string): string {
  let format = wallClocks.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    wallClocks.set(zone, format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

const firstReadings = new Map<string, number>();
/** The first minute at which the zone's wall clock reads the date and time or later (a skipped time: when the clock jumps past it). */
function firstReading(date: string, time: string, zone: string): number {
  const key = `${zone} ${date} ${time}`;
  const known = firstReadings.get(key);
  if (known !== undefined) return known;
  const wanted = `${date} ${time}`;
  // Our zones are between UTC−5 and UTC+1: the instant lies within a few hours of the same reading in UTC.
  let minute = Date.parse(`${date}T${time}:00Z`) - 3 * 60 * MINUTE;
  // By the hour to the hour before, then by the minute.
  while (wallClock(minute + 60 * MINUTE, zone) < wanted) minute += 60 * MINUTE;
  while (wallClock(minute, zone) < wanted) minute += MINUTE;
  firstReadings.set(key, minute);
  return minute;
}

const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The reference shift: from the first reading of the start to the first reading of the off time (the next day's when it is not later). */
function referenceShift(date: string, start: string, off: string, zone: string): { start: number; end: number } {
  return { start: firstReading(date, start, zone), end: firstReading(off > start ? date : nextDate(date), off, zone) };
}

interface Day {
  rules: WorkTimeRules;
  restDay: boolean;
  punches: DayPunches;
}

/** Every figure counted minute by minute: a minute is worked when it lies between in and out and outside the break. */
function referenceCounts(shift: { start: number; end: number } | null, day: Day): DayCounts {
  const { timeIn, timeOut, breakIn, breakOut } = day.punches;
  const { lateGraceMinutes, overtimeBeforeShift, overtimeMinimumMinutes } = day.rules;
  let worked = 0;
  let onBreak = 0;
  let outside = 0;
  for (let minute = timeIn; timeOut !== null && minute < timeOut; minute += MINUTE) {
    if (breakIn !== null && breakOut !== null && breakIn <= minute && minute < breakOut) {
      onBreak++;
      continue;
    }
    worked++;
    if (day.restDay || (shift && (minute >= shift.end || (overtimeBeforeShift && minute < shift.start)))) outside++;
  }
  let late = 0;
  let early = 0;
  if (shift) {
    for (let minute = shift.start; minute < shift.end; minute += MINUTE) {
      if (minute < timeIn) late++;
      if (timeOut !== null && minute >= timeOut) early++;
    }
  }
  const overtime = overtimeMinimumMinutes > 0 ? outside - (outside % overtimeMinimumMinutes) : outside;
  return {
    workedMinutes: worked,
    breakMinutes: timeOut === null ? 0 : onBreak,
    lateMinutes: late > lateGraceMinutes ? late : 0,
    earlyDepartureMinutes: early,
    overtimeMinutes: shift || day.restDay ? overtime : 0,
  };
}

// --- the generated days --------------------------------------------------------------------------------------------

/** Days around each zone's changes of the clocks (and an ordinary one), the night before included for overnight shifts. */
const datesOf: Record<string, string[]> = {
  UTC: ['2026-06-15', '2026-03-29'],
  'Europe/Lisbon': ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25', '2026-06-15'],
  'America/New_York': ['2026-03-07', '2026-03-08', '2026-10-31', '2026-11-01', '2026-06-15'],
};
const clockTime = fc
  .integer({ min: 0, max: 24 * 60 - 1 })
  .map((minutes) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
const rulesArbitrary: fc.Arbitrary<WorkTimeRules> = fc.record({
  lateGraceMinutes: fc.integer({ min: 0, max: 30 }),
  overtimeBeforeShift: fc.boolean(),
  overtimeMinimumMinutes: fc.constantFrom(0, 0, 1, 15, 30, 45, 60),
});

interface Case {
  zone: string;
  date: string;
  start: string;
  off: string;
  restDay: boolean;
  rules: WorkTimeRules;
  /** Minutes from the date's midnight in UTC to the time in; then lengths in minutes. */
  inAt: number;
  length: number;
  open: boolean;
  breakAfter: number | null;
  breakLength: number;
}

const caseArbitrary: fc.Arbitrary<Case> = fc.constantFrom(...Object.keys(datesOf)).chain((zone) =>
  fc.record({
    zone: fc.constant(zone),
    date: fc.constantFrom(...(datesOf[zone] as string[])),
    start: clockTime,
    off: clockTime,
    restDay: fc.nat(7).map((n) => n === 0),
    rules: rulesArbitrary,
    // From 6 h before the date's midnight to 34 h after: before, inside and after any shift, overnight ones too.
    inAt: fc.integer({ min: -6 * 60, max: 34 * 60 }),
    length: fc.integer({ min: 0, max: 16 * 60 }),
    open: fc.nat(9).map((n) => n === 0),
    breakAfter: fc.option(fc.integer({ min: 0, max: 16 * 60 }), { freq: 2 }),
    breakLength: fc.integer({ min: 0, max: 3 * 60 }),
  }),
);

function schedule(c: Case): ScheduleState {
  const employee = { employeeId: '00000000-0000-4000-8000-000000000001', companyId: '00000000-0000-4000-8000-000000000002' };
  return scheduleState(employee, { startTime: `${c.start}:00.000Z`, offTime: `${c.off}:00.000Z`, restDays: c.restDay ? [weekdayOf(c.date)] : [] });
}

/** The day's punches: a break inside the day, as the kiosk and the admin form allow. */
function punchesOf(c: Case): DayPunches {
  const timeIn = Date.parse(`${c.date}T00:00:00Z`) + c.inAt * MINUTE;
  const timeOut = timeIn + c.length * MINUTE;
  if (c.breakAfter === null || c.breakAfter > c.length) return { timeIn, timeOut: c.open ? null : timeOut, breakIn: null, breakOut: null };
  const breakIn = timeIn + c.breakAfter * MINUTE;
  const breakOut = Math.min(timeOut, breakIn + c.breakLength * MINUTE);
  return { timeIn, timeOut: c.open ? null : timeOut, breakIn, breakOut: c.open ? null : breakOut };
}

function productCounts(c: Case): { counts: DayCounts; plan: PlannedDay } {
  const plan = planOf([schedule(c)], c.date, c.zone);
  const planned: PlannedDay = plan.kind === 'working' ? { kind: 'working', start: Date.parse(plan.shift.start), end: Date.parse(plan.shift.end) } : plan;
  return { counts: dayCounts(planned, punchesOf(c), c.rules), plan: planned };
}

function expectMatchesReference(c: Case): void {
  const { counts, plan } = productCounts(c);
  const shift = c.restDay ? null : referenceShift(c.date, c.start, c.off, c.zone);
  if (shift && plan.kind === 'working')
    expect({ start: new Date(plan.start).toISOString(), end: new Date(plan.end).toISOString() }).toEqual({
      start: new Date(shift.start).toISOString(),
      end: new Date(shift.end).toISOString(),
    });
  expect(counts).toEqual(referenceCounts(shift, { rules: c.rules, restDay: c.restDay, punches: punchesOf(c) }));
}

describe('a day’s counts against the minute-by-minute reference model', () => {
  it('agree for thousands of generated days: any shift, overnight ones and daylight-saving nights in two zones, any punches, breaks and rules', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => expectMatchesReference(c)),
      { seed: SEED, numRuns: 4000 },
    );
  });

  it('agree on the counter-examples the model found, kept as fixed cases', () => {
    const base = {
      restDay: false,
      rules: { lateGraceMinutes: 0, overtimeBeforeShift: false, overtimeMinimumMinutes: 0 },
      open: false,
      breakAfter: null,
      breakLength: 0,
    };
    for (const c of counterExamples) expectMatchesReference({ ...base, ...c });
  });
});

/** Found by the generated runs: each failed before its fix. */
const counterExamples: Array<Pick<Case, 'zone' | 'date' | 'start' | 'off' | 'inAt' | 'length'> & Partial<Case>> = [
  // Clocked in after the shift had ended: overtime was counted from the shift end, not from the arrival.
  { zone: 'UTC', date: '2026-06-15', start: '09:00', off: '17:00', inAt: 22 * 60 + 21, length: 40 },
  // An off time the clock skips (Lisbon's 01:01 on 29 March) ended the shift a minute after the jump instead of at it.
  { zone: 'Europe/Lisbon', date: '2026-03-28', start: '01:01', off: '01:01', inAt: 0, length: 0 },
  // A start the clock shows twice (Lisbon's 01:30 on 25 October) was read at its second showing, an hour late.
  { zone: 'Europe/Lisbon', date: '2026-10-25', start: '01:30', off: '09:00', inAt: 30, length: 600 },
];

// --- invariants, to the second -------------------------------------------------------------------------------------

const secondsCase = caseArbitrary.chain((c) =>
  fc.record({ c: fc.constant(c), seconds: fc.tuple(fc.integer({ min: 0, max: 59_999 }), fc.integer({ min: 0, max: 59_999 })) }),
);

describe('a day’s counts, with punches to the millisecond', () => {
  it('never count more overtime than worked time, more worked time than out − in, lateness or early departure beyond the shift, or anything negative', () => {
    fc.assert(
      fc.property(secondsCase, ({ c, seconds: [inShift, outShift] }) => {
        const punches = punchesOf(c);
        const moved: DayPunches = { ...punches, timeIn: punches.timeIn + inShift, timeOut: punches.timeOut === null ? null : punches.timeOut + outShift };
        const { plan } = productCounts(c);
        const counts = dayCounts(plan, moved, c.rules);
        for (const figure of Object.values(counts)) expect(figure).toBeGreaterThanOrEqual(0);
        expect(counts.overtimeMinutes).toBeLessThanOrEqual(counts.workedMinutes);
        if (moved.timeOut !== null) expect(counts.workedMinutes).toBeLessThanOrEqual(Math.max(0, moved.timeOut - moved.timeIn) / MINUTE);
        const shiftMinutes = plan.kind === 'working' ? (plan.end - plan.start) / MINUTE : 0;
        expect(counts.lateMinutes).toBeLessThanOrEqual(shiftMinutes);
        expect(counts.earlyDepartureMinutes).toBeLessThanOrEqual(shiftMinutes);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('never change worked time when every punch moves by the same amount inside the shift', () => {
    const insideShift = fc.record({
      start: fc.integer({ min: 0, max: 12 * 60 }),
      shiftLength: fc.integer({ min: 60, max: 12 * 60 }),
      inAfter: fc.integer({ min: 0, max: 12 * 60 * 60_000 }),
      length: fc.integer({ min: 0, max: 12 * 60 * 60_000 }),
      breakAfter: fc.option(fc.integer({ min: 0, max: 12 * 60 * 60_000 })),
      breakLength: fc.integer({ min: 0, max: 2 * 60 * 60_000 }),
      move: fc.integer({ min: -12 * 60 * 60_000, max: 12 * 60 * 60_000 }),
      rules: rulesArbitrary,
    });
    fc.assert(
      fc.property(insideShift, (d) => {
        const start = Date.parse('2026-06-15T00:00:00Z') + d.start * MINUTE;
        const end = start + d.shiftLength * MINUTE;
        const timeIn = start + (d.inAfter % (end - start));
        const timeOut = Math.min(end, timeIn + d.length);
        const breakIn = d.breakAfter === null ? null : Math.min(timeOut, timeIn + d.breakAfter);
        const breakOut = breakIn === null ? null : Math.min(timeOut, breakIn + d.breakLength);
        // The largest move in the asked direction that keeps every punch inside the shift.
        const move = d.move >= 0 ? Math.min(d.move, end - timeOut) : Math.max(d.move, start - timeIn);
        const at = (instant: number | null) => (instant === null ? null : instant + move);
        const plan: PlannedDay = { kind: 'working', start, end };
        const before = dayCounts(plan, { timeIn, timeOut, breakIn, breakOut }, d.rules);
        const after = dayCounts(plan, { timeIn: timeIn + move, timeOut: at(timeOut), breakIn: at(breakIn), breakOut: at(breakOut) }, d.rules);
        expect(after.workedMinutes).toBeCloseTo(before.workedMinutes, 9);
        expect(after.overtimeMinutes).toBe(0);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});
