import { describe, expect, it } from 'vitest';
import { hoursOf, perDay } from './report-figures';

describe('the report figures', () => {
  it('show hours with two decimals', () => {
    expect(hoursOf(7.5)).toBe('7.50');
    expect(hoursOf(0)).toBe('0.00');
  });

  it('sum scheduled and worked hours per day, in date order', () => {
    const rows = [
      { workDate: '2026-01-13', scheduledHours: 8, workedHours: 7.25 },
      { workDate: '2026-01-12', scheduledHours: 8, workedHours: 8.1 },
      { workDate: '2026-01-13', scheduledHours: 8, workedHours: 0.2 },
    ];
    expect(perDay(rows)).toEqual([
      { date: '2026-01-12', scheduledHours: 8, workedHours: 8.1 },
      { date: '2026-01-13', scheduledHours: 16, workedHours: 7.45 },
    ]);
  });
});
