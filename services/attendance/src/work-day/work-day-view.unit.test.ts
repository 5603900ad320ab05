import { describe, expect, it } from 'vitest';
import { workDayId } from './work-day-view.ts';

describe('workDayId', () => {
  it('is the id stored days already have: the same for an employee and date, another for another date', () => {
    const id = workDayId('00000000-0000-4000-8000-000000000001', '2026-11-23');
    expect(id).toBe('c22e79cd-f640-5fe4-9347-b1c887cbeea5');
    expect(workDayId('00000000-0000-4000-8000-000000000001', '2026-11-24')).not.toBe(id);
  });
});
