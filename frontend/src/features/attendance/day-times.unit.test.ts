import { describe, expect, it } from 'vitest';
import { instantOf, timeInputOf } from '../../lib/zoned-time';
import { amendFormSchema, dayTimeValuesOf, instantsOf, recordFormSchema, type DayTimeValues } from './day-times';
import { issueTexts } from '@/testing/issue-texts';

// A zone far from the test machine's, so reading the browser's zone would show.
const zone = (timezone: string) => ({
  timezone,
  instantOf: (isoDate: string, hhmm: string) => instantOf(isoDate, hhmm, timezone),
  timeInputOf: (instant: string | null) => timeInputOf(instant, timezone),
});
const tokyo = zone('Asia/Tokyo');
const lisbon = zone('Europe/Lisbon');

const values = (changes: Partial<DayTimeValues> = {}): DayTimeValues => ({
  employeeId: '00000000-0000-4000-8000-000000000001',
  workDate: '2026-03-10',
  timeIn: '08:00',
  breakIn: '12:00',
  breakOut: '13:00',
  timeOut: '17:00',
  reason: 'Forgot to clock',
  timeInNextDay: false,
  breakInNextDay: false,
  breakOutNextDay: false,
  timeOutNextDay: false,
  ...changes,
});

const messagesOf = issueTexts;

describe('attendance form times (time inputs + the date, in the company’s zone)', () => {
  it('reads each time on the work date in the company’s zone, whatever the browser’s', () => {
    const instants = instantsOf(values(), tokyo.instantOf);
    expect(new Date(instants.timeIn).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(new Date(instants.timeOut).getTime() - new Date(instants.timeIn).getTime()).toBe(9 * 3_600_000);
  });

  it('puts a time on the next day only when its box says so', () => {
    const night = instantsOf(values({ timeIn: '22:00', breakIn: '', breakOut: '', timeOut: '06:00', timeOutNextDay: true }), lisbon.instantOf);
    expect(new Date(night.timeOut).toISOString()).toBe('2026-03-11T06:00:00.000Z');
    expect(night.breakIn).toBe('');
    const unticked = instantsOf(values({ timeIn: '22:00', timeOut: '06:00' }), lisbon.instantOf);
    expect(new Date(unticked.timeOut).toISOString()).toBe('2026-03-10T06:00:00.000Z');
  });

  it('refuses a break that ends before it starts instead of moving it to the next day', () => {
    const result = recordFormSchema(lisbon.instantOf).safeParse(values({ breakIn: '12:00', breakOut: '11:00' }));
    expect(result.success).toBe(false);
    expect(messagesOf(result)).toEqual({ breakOut: 'Break out must be after break in.' });
  });

  it('refuses a time out before the time in, and accepts it on the next day', () => {
    const early = amendFormSchema(lisbon.instantOf).safeParse(values({ timeIn: '22:00', breakIn: '', breakOut: '', timeOut: '06:00' }));
    expect(messagesOf(early)).toEqual({ timeOut: 'Time out must be after time in.' });
    const overnight = amendFormSchema(lisbon.instantOf).safeParse(
      values({ timeIn: '22:00', breakIn: '02:00', breakOut: '02:30', timeOut: '06:00', breakInNextDay: true, breakOutNextDay: true, timeOutNextDay: true }),
    );
    expect(overnight.success).toBe(true);
  });

  it('asks for the time in and for the reason with the spec messages', () => {
    const missing = recordFormSchema(lisbon.instantOf).safeParse(values({ timeIn: '', reason: '  ' }));
    expect(messagesOf(missing)).toMatchObject({ timeIn: 'You must enter the time.', reason: 'Please write the reason' });
  });

  it('sends empty optional times as null, and the employee and date only when recording', () => {
    const recorded = recordFormSchema(lisbon.instantOf).parse(values({ breakIn: '', breakOut: '', timeOut: '' }));
    expect(recorded).toMatchObject({ employeeId: values().employeeId, workDate: '2026-03-10', breakIn: null, breakOut: null, timeOut: null });
    const amended = amendFormSchema(lisbon.instantOf).parse(values());
    expect(Object.keys(amended).sort()).toEqual(['breakIn', 'breakOut', 'reason', 'timeIn', 'timeOut']);
  });

  it('starts an edit from the day in the company’s zone, ticking the times after midnight, with an empty reason', () => {
    const day = {
      employeeId: 'e',
      workDate: '2026-03-10',
      timeIn: '2026-03-10T13:00:00.000Z',
      breakIn: null,
      breakOut: null,
      timeOut: '2026-03-10T16:00:00.000Z',
      reason: 'old',
    };
    const start = dayTimeValuesOf(day as never, tokyo);
    // 22:00 on the 10th and 01:00 on the 11th in Tokyo.
    expect(start).toMatchObject({ timeIn: '22:00', timeInNextDay: false, breakIn: '', timeOut: '01:00', timeOutNextDay: true, reason: '' });
  });
});
