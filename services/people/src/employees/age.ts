/** Whole years between a YYYY-MM-DD birthday and `today` (YYYY-MM-DD); null without a birthday. */
export function ageOn(birthday: string | null, today: string): number | null {
  if (birthday === null) return null;
  const [birthYear, birthMonth, birthDay] = birthday.split('-').map(Number) as [number, number, number];
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return Math.max(0, year - birthYear - (hadBirthday ? 0 : 1));
}

/** The UTC calendar date of an instant. */
export function dateOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}
