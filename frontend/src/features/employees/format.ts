/** A YYYY-MM-DD date in the reader's language, read as a calendar day (no time-zone shift). */
export function formatDate(value: string | null, language: string): string {
  if (!value) return '';
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return value;
  return new Date(year, month - 1, day).toLocaleDateString(language, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}
