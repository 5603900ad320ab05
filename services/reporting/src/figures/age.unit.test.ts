import { describe, expect, it } from 'vitest';
import { ageBandOf, ageOn } from './age.ts';

describe('ages', () => {
  it('count whole years, the birthday itself included', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('fall into the profile’s bands', () => {
    expect([19, 20, 29, 30, 45, 59, 60, 80].map(ageBandOf)).toEqual(['under 20', '20–29', '20–29', '30–39', '40–49', '50–59', '60 and over', '60 and over']);
    expect(ageBandOf(null)).toBe('unknown');
  });
});
