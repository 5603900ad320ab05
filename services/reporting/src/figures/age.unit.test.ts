import { describe, expect, it } from 'vitest';
import { ageBandOf } from './age.ts';

describe('ages', () => {
  it('fall into the profile’s bands', () => {
    expect([19, 20, 29, 30, 45, 59, 60, 80].map(ageBandOf)).toEqual(['under 20', '20–29', '20–29', '30–39', '40–49', '50–59', '60 and over', '60 and over']);
    expect(ageBandOf(null)).toBe('unknown');
  });
});
