import type { Leave } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { daysOff, leavesOn, monthWeeks, shiftMonth } from './calendar-month';

function leave(id: string, from: string, to: string): Leave {
  return {
    id,
    employeeId: id,
    employeeName: `Employee ${id}`,
    companyId: id,
    departmentId: null,
    leaveTypeId: id,
    leaveTypeName: 'Annual',
    from,
    to,
    returnDate: to,
    reason: 'Rest',
    workingDays: 1,
    status: 'pending',
    comment: null,
    decidedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('monthWeeks', () => {
  it('lays November 2026 (starting on a Sunday) out in six Monday-first weeks, padded with October and December', () => {
    const weeks = monthWeeks('2026-11');
    expect(weeks).toHaveLength(6);
    expect(weeks.every((week) => week.length === 7 && week[0]?.weekday === 'monday')).toBe(true);
    expect(weeks[0]?.[0]).toEqual({ date: '2026-10-26', inMonth: false, weekday: 'monday' });
    expect(weeks[0]?.[6]).toEqual({ date: '2026-11-01', inMonth: true, weekday: 'sunday' });
    expect(weeks[5]?.[0]).toEqual({ date: '2026-11-30', inMonth: true, weekday: 'monday' });
    expect(weeks[5]?.[6]).toEqual({ date: '2026-12-06', inMonth: false, weekday: 'sunday' });
    expect(weeks.flat().filter((day) => day.inMonth)).toHaveLength(30);
  });

  it('needs only four weeks for a February that starts on a Monday', () => {
    const weeks = monthWeeks('2027-02');
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((day) => day.inMonth)).toBe(true);
    expect(weeks[3]?.[6]?.date).toBe('2027-02-28');
  });

  it('includes the leap day', () => {
    expect(
      monthWeeks('2028-02')
        .flat()
        .filter((day) => day.inMonth)
        .map((day) => day.date),
    ).toContain('2028-02-29');
  });
});

describe('shiftMonth', () => {
  it('moves across year ends both ways', () => {
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2027-01', -1)).toBe('2026-12');
    expect(shiftMonth('2026-05', 0)).toBe('2026-05');
    expect(shiftMonth('2026-05', -17)).toBe('2024-12');
  });
});

describe('who is off', () => {
  const across = leave('a', '2026-10-29', '2026-11-03');
  const single = leave('b', '2026-11-03', '2026-11-03');
  const later = leave('c', '2026-11-30', '2026-12-04');

  it('finds the leaves that include a date, ends included', () => {
    expect(leavesOn('2026-11-03', [across, single, later]).map((item) => item.id)).toEqual(['a', 'b']);
    expect(leavesOn('2026-11-04', [across, single, later])).toEqual([]);
  });

  it("lists the month's days with someone off, and only the month's", () => {
    const days = daysOff('2026-11', [across, single, later]);
    expect(days.map((day) => [day.date, day.weekday, day.leaves.map((item) => item.id)])).toEqual([
      ['2026-11-01', 'sunday', ['a']],
      ['2026-11-02', 'monday', ['a']],
      ['2026-11-03', 'tuesday', ['a', 'b']],
      ['2026-11-30', 'monday', ['c']],
    ]);
  });
});
