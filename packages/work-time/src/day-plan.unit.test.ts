import { describe, expect, it } from 'vitest';
import { scheduleState } from '@ams/contracts/testing';
import { shiftOn } from './day-plan.ts';

describe('a shift on a night the clocks change', () => {
  const employee = { employeeId: '00000000-0000-4000-8000-000000000001', companyId: '00000000-0000-4000-8000-000000000002' };
  const shift = (startTime: string, offTime: string, date: string, zone: string) => {
    const { start, end } = shiftOn(scheduleState(employee, { startTime, offTime }), date, zone);
    return [start, end];
  };

  it('keeps the wall-clock times across the change: a night shift is an hour shorter in spring and longer in autumn', () => {
    // Lisbon: 01:00 UTC on 29 March the clocks go from 01:00 to 02:00; 01:00 UTC on 25 October from 02:00 back to 01:00.
    expect(shift('22:00:00.000Z', '06:00:00.000Z', '2026-03-28', 'Europe/Lisbon')).toEqual(['2026-03-28T22:00:00.000Z', '2026-03-29T05:00:00.000Z']);
    expect(shift('22:00:00.000Z', '06:00:00.000Z', '2026-10-24', 'Europe/Lisbon')).toEqual(['2026-10-24T21:00:00.000Z', '2026-10-25T06:00:00.000Z']);
  });

  it('starts a time the clock skips when the clock jumps past it, and a time it shows twice the first time', () => {
    // 01:30 never shows in Lisbon on 29 March: the shift starts at the jump, 02:00 summer time (01:00 UTC).
    expect(shift('01:30:00.000Z', '09:00:00.000Z', '2026-03-29', 'Europe/Lisbon')).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-29T08:00:00.000Z']);
    // New York skips 02:00–03:00 on 8 March: 02:30 starts at 03:00 EDT (07:00 UTC).
    expect(shift('02:30:00.000Z', '10:00:00.000Z', '2026-03-08', 'America/New_York')).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T14:00:00.000Z']);
    // 01:30 shows twice in Lisbon on 25 October: first in summer time (00:30 UTC).
    expect(shift('01:30:00.000Z', '09:00:00.000Z', '2026-10-25', 'Europe/Lisbon')).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T09:00:00.000Z']);
    // And twice in New York on 1 November: first in EDT (05:30 UTC).
    expect(shift('01:30:00.000Z', '09:00:00.000Z', '2026-11-01', 'America/New_York')).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T14:00:00.000Z']);
  });

  it('ends an overnight shift the next day by its wall-clock times, even when the start is skipped', () => {
    // 01:01 to 01:01: the next day's 01:01, though this day's 01:01 was skipped and falls at the same instant as 02:00.
    expect(shift('01:01:00.000Z', '01:01:00.000Z', '2026-03-28', 'Europe/Lisbon')).toEqual(['2026-03-28T01:01:00.000Z', '2026-03-29T01:00:00.000Z']);
  });
});
