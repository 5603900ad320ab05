import type { Leave, ScheduleSpan } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { firstWorkingDayAfter, leaveBodyOf, leaveFormSchema, leaveFormValuesOf, scheduleSpansOf, withEndDate, workingDaysOf } from './leave-form-values';
import { issueTexts } from '@/testing/issue-texts';

const weekendsOff: ScheduleSpan = { fromDate: '2026-01-01', toDate: null, restDays: ['saturday', 'sunday'] };
const values = {
  leaveTypeId: '5b0f5c2e-8a55-4c3e-9a43-3a4f0a6d2b11',
  from: '2026-06-01',
  to: '2026-06-05',
  returnDate: '2026-06-08',
  reason: '  Family trip ',
};

describe('the request form values', () => {
  it('start empty for a new request and from the request when editing', () => {
    expect(leaveFormValuesOf(null)).toEqual({ leaveTypeId: '', from: '', to: '', returnDate: '', reason: '' });
    const stored = { ...values, reason: 'Family trip' } as Partial<Leave> as Leave;
    expect(leaveFormValuesOf(stored)).toEqual({ ...values, reason: 'Family trip' });
  });

  it('become the API body with the reason trimmed', () => {
    expect(leaveBodyOf(values)).toEqual({ ...values, reason: 'Family trip' });
  });

  it("answer with the server's messages per field", () => {
    const parsed = leaveFormSchema.safeParse({ ...values, leaveTypeId: '', reason: ' ', to: '2026-05-30' });
    expect(parsed.success).toBe(false);
    const messages = issueTexts(parsed);
    expect(messages).toMatchObject({ leaveTypeId: 'Leave type is required', reason: 'Reason is required' });
    const reversed = leaveFormSchema.safeParse({ ...values, to: '2026-05-30', returnDate: '2026-06-08' });
    expect(issueTexts(reversed)).toEqual({ to: 'The leave cannot end before it starts' });
  });
});

describe('the working days counted while requesting', () => {
  it('leave out the rest days, as the server counts them', () => {
    expect(workingDaysOf({ from: '2026-06-01', to: '2026-06-14' }, [weekendsOff])).toBe(10);
    expect(workingDaysOf({ from: '2026-06-06', to: '2026-06-07' }, [weekendsOff])).toBe(0);
  });

  it('follow a schedule change within the leave', () => {
    const until7June = { ...weekendsOff, toDate: '2026-06-07' };
    const wednesdaysOff: ScheduleSpan = { fromDate: '2026-06-08', toDate: null, restDays: ['wednesday'] };
    expect(workingDaysOf({ from: '2026-06-01', to: '2026-06-14' }, scheduleSpansOf({ current: wednesdaysOff, previous: [until7June] }))).toBe(5 + 6);
  });

  it('follow a schedule that starts later (upcoming)', () => {
    const sundaysOffFromJuly: ScheduleSpan = { fromDate: '2026-07-01', toDate: null, restDays: ['sunday'] };
    const mine = { current: { ...weekendsOff, toDate: '2026-06-30' }, previous: [], upcoming: [sundaysOffFromJuly] };
    // Monday 29 June to Sunday 5 July: Monday and Tuesday of June, then Wednesday to Saturday of July.
    expect(workingDaysOf({ from: '2026-06-29', to: '2026-07-05' }, scheduleSpansOf(mine))).toBe(2 + 4);
  });

  it('are not counted until both dates are there and in order', () => {
    expect(workingDaysOf({ from: '', to: '2026-06-05' }, [weekendsOff])).toBeNull();
    expect(workingDaysOf({ from: '2026-06-05', to: '2026-06-01' }, [weekendsOff])).toBeNull();
  });
});

describe('the return date', () => {
  it('is the first working day after the leave when not set, skipping the weekend', () => {
    expect(firstWorkingDayAfter('2026-06-05', [weekendsOff])).toBe('2026-06-08');
    expect(firstWorkingDayAfter('2026-06-03', [])).toBe('2026-06-04');
    expect(withEndDate({ ...values, returnDate: '' }, '2026-06-12', [weekendsOff]).returnDate).toBe('2026-06-15');
  });

  it('moves after a later end date, and stays when it still follows the leave', () => {
    expect(withEndDate(values, '2026-06-10', [weekendsOff])).toMatchObject({ to: '2026-06-10', returnDate: '2026-06-11' });
    expect(withEndDate(values, '2026-06-03', [weekendsOff])).toMatchObject({ to: '2026-06-03', returnDate: '2026-06-08' });
  });
});
