import type { ageBands } from '@ams/contracts';

/** Whole years from a birthday (YYYY-MM-DD) to a date; someone born on 29 February turns a year older on 1 March. */
export function ageOn(birthday: string, date: string): number {
  const years = Number(date.slice(0, 4)) - Number(birthday.slice(0, 4));
  return date.slice(5) >= birthday.slice(5) ? years : years - 1;
}

export type AgeBand = (typeof ageBands)[number];

export function ageBandOf(age: number | null): AgeBand {
  if (age === null) return 'unknown';
  if (age < 20) return 'under 20';
  if (age >= 60) return '60 and over';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}–${decade + 9}` as AgeBand;
}
