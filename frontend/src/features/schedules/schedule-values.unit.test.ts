import type { Schedule } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { issueTexts } from '@/testing/issue-texts';
import {
  hoursOfTimes,
  nextDays,
  scheduleBodyOf,
  scheduleCreateFormSchema,
  scheduleUpdateFormSchema,
  scheduleValuesOf,
  toggledRestDays,
  type ScheduleFormValues,
} from './schedule-values';

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: '00000000-0000-4000-8000-000000000001',
  employeeId: '00000000-0000-4000-8000-000000000002',
  employeeName: 'Ana Lima',
  companyId: '00000000-0000-4000-8000-000000000003',
  departmentId: '00000000-0000-4000-8000-000000000004',
  startTime: '22:00:00.000Z',
  offTime: '06:00:00.000Z',
  totalHours: 7.5,
  overnight: true,
  restDays: ['saturday', 'sunday'],
  fromDate: '2026-11-01',
  toDate: null,
  status: 'current',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const values = (overrides: Partial<ScheduleFormValues> = {}): ScheduleFormValues => ({
  employeeId: '00000000-0000-4000-8000-000000000002',
  startTime: '22:00',
  offTime: '06:00',
  totalHours: '7.5',
  restDays: ['saturday', 'sunday'],
  fromDate: '2026-11-01',
  toDate: '',
  ...overrides,
});

describe('schedule form values', () => {
  it('round-trips a schedule through the form into the API body, times as wall times and an open end as null', () => {
    expect(scheduleValuesOf(schedule())).toEqual(values());
    expect(scheduleBodyOf(values())).toEqual({
      employeeId: '00000000-0000-4000-8000-000000000002',
      startTime: '22:00:00.000Z',
      offTime: '06:00:00.000Z',
      totalHours: 7.5,
      restDays: ['saturday', 'sunday'],
      fromDate: '2026-11-01',
      toDate: null,
    });
  });

  it('computes the hours from the times, an overnight shift ending the next day', () => {
    expect(hoursOfTimes('22:00', '06:00')).toBe(8);
    expect(hoursOfTimes('09:00', '17:30')).toBe(8.5);
    expect(hoursOfTimes('09:00', '')).toBeNull();
  });

  it('toggles rest days, keeping them Monday first', () => {
    expect(toggledRestDays(['sunday'], 'monday')).toEqual(['monday', 'sunday']);
    expect(toggledRestDays(['monday', 'sunday'], 'sunday')).toEqual(['monday']);
  });

  it('reports the spec §5 messages per field before sending, and leaves the employee out of an edit', () => {
    const refused = scheduleCreateFormSchema.safeParse(values({ employeeId: '', totalHours: '', fromDate: '' }));
    const messages = issueTexts(refused);
    expect(messages).toMatchObject({ employeeId: 'Employee is required', totalHours: 'Total hours is required' });
    expect(messages.fromDate).toBeDefined();
    expect(scheduleUpdateFormSchema.parse(values({ employeeId: '' }))).not.toHaveProperty('employeeId');
  });
});

describe('the next days', () => {
  it('gives each of 7 days its schedule’s shift or a rest day, switching schedule on the new one’s first day', () => {
    // 2026-11-27 is a Friday.
    const old = schedule({ toDate: '2026-11-29' });
    const upcoming = schedule({
      id: '00000000-0000-4000-8000-000000000009',
      startTime: '08:00:00.000Z',
      offTime: '16:00:00.000Z',
      overnight: false,
      restDays: ['monday'],
      fromDate: '2026-11-30',
      status: 'upcoming',
    });
    const week = nextDays([old, upcoming], '2026-11-27');
    expect(week.map((day) => [day.date, day.weekday, day.shift === 'rest' || day.shift === null ? day.shift : day.shift.startTime])).toEqual([
      ['2026-11-27', 'friday', '22:00:00.000Z'],
      ['2026-11-28', 'saturday', 'rest'],
      ['2026-11-29', 'sunday', 'rest'],
      ['2026-11-30', 'monday', 'rest'],
      ['2026-12-01', 'tuesday', '08:00:00.000Z'],
      ['2026-12-02', 'wednesday', '08:00:00.000Z'],
      ['2026-12-03', 'thursday', '08:00:00.000Z'],
    ]);
    expect(week[0]?.shift).toEqual({ startTime: '22:00:00.000Z', offTime: '06:00:00.000Z', overnight: true });
  });

  it('says when no schedule covers a day', () => {
    expect(nextDays([schedule({ fromDate: '2027-01-01' })], '2026-12-30', 3).map((day) => day.shift === null)).toEqual([true, true, false]);
  });
});
