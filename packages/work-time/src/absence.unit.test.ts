import { describe, expect, it } from 'vitest';
import { absenceOf } from './absence.ts';

describe('absenceOf', () => {
  it('is "not in yet" only strictly before the shift ends, absent from its end on', () => {
    const shiftEnd = Date.parse('2026-03-30T16:00:00.000Z');
    expect([-1, 0, 1].map((offset) => absenceOf(shiftEnd, shiftEnd + offset))).toEqual(['not-in', 'absent', 'absent']);
  });
});
