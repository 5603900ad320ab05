import { describe, expect, it } from 'vitest';
import { amendFormSchema, dayTimeValuesOf, instantsOf, recordFormSchema, timeInputOf, type DayTimeValues } from './day-times';

const values = (changes: Partial<DayTimeValues> = {}): DayTimeValues => ({
  employeeId: '00000000-0000-4000-8000-000000000001',
  workDate: '2026-03-10',
  timeIn: '08:00',
  breakIn: '12:00',
  breakOut: '13:00',
  timeOut: '17:00',
  reason: 'Forgot to clock',
  ...changes,
});

describe('attendance form times (time inputs + the date, in the browser zone)', () => {
  it('combines each time with the date into an ISO instant with an offset, and reads it back', () => {
    const instants = instantsOf('2026-03-10', values());
    expect(instants.timeIn).toMatch(/^2026-03-10T08:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(instants.timeOut).getTime() - new Date(instants.timeIn).getTime()).toBe(9 * 3_600_000);
    expect(timeInputOf(instants.breakIn)).toBe('12:00');
  });

  it('puts a time earlier than the one before it on the next day (a shift past midnight)', () => {
    const instants = instantsOf('2026-03-10', { timeIn: '22:00', breakIn: '', breakOut: '', timeOut: '06:00' });
    expect(instants.timeOut).toMatch(/^2026-03-11T06:00:00/);
    expect(instants.breakIn).toBe('');
  });

  it('asks for the time in and for the reason with the spec messages', () => {
    const missing = recordFormSchema.safeParse(values({ timeIn: '', reason: '  ' }));
    expect(missing.success).toBe(false);
    const messages = Object.fromEntries((missing.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toMatchObject({ timeIn: 'You must enter the time.', reason: 'Please write the reason' });
  });

  it('sends empty optional times as null, and the employee and date only when recording', () => {
    const recorded = recordFormSchema.parse(values({ breakIn: '', breakOut: '', timeOut: '' }));
    expect(recorded).toMatchObject({ employeeId: values().employeeId, workDate: '2026-03-10', breakIn: null, breakOut: null, timeOut: null });
    const amended = amendFormSchema.parse(values());
    expect(Object.keys(amended).sort()).toEqual(['breakIn', 'breakOut', 'reason', 'timeIn', 'timeOut']);
  });

  it('starts an edit from the day, with an empty reason', () => {
    const day = instantsOf('2026-03-10', values());
    const start = dayTimeValuesOf({ employeeId: 'e', workDate: '2026-03-10', timeIn: day.timeIn, breakIn: null, breakOut: null, timeOut: day.timeOut, reason: 'old' } as never);
    expect(start).toMatchObject({ timeIn: '08:00', breakIn: '', timeOut: '17:00', reason: '' });
  });
});
