import { describe, expect, it } from 'vitest';
import { ageOn, dateOf } from './age.ts';

describe('age from the birthday', () => {
  it('counts a year only once the birthday has come', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('1990-06-15', '2026-12-01')).toBe(36);
  });

  it('lets someone born on 29 February turn a year older on 1 March in other years', () => {
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('is unknown without a birthday and never negative', () => {
    expect(ageOn(null, '2026-01-01')).toBeNull();
    expect(ageOn('2027-01-01', '2026-01-01')).toBe(0);
  });

  it('takes the UTC date of the moment of the request', () => {
    expect(dateOf(new Date('2026-11-21T23:30:00Z'))).toBe('2026-11-21');
  });
});
