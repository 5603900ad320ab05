import type { ageBands } from '@ams/contracts';

export type AgeBand = (typeof ageBands)[number];

export function ageBandOf(age: number | null): AgeBand {
  if (age === null) return 'unknown';
  if (age < 20) return 'under 20';
  if (age >= 60) return '60 and over';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}–${decade + 9}` as AgeBand;
}
