/** A LIKE pattern that finds the text anywhere (lower-cased), with the user's own % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** The words of a quick search (at most five): each must match for a record to be found. */
export function searchTerms(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * The conditions of a list query, their parameters appended to `params`: every word of `search` must
 * appear in the `searchIn` expression, and every given value of `equal` (column → value; undefined = no
 * filter) must equal its column.
 */
export function listConditions(
  params: unknown[],
  filter: { search?: string | undefined; searchIn?: string; equal?: Readonly<Record<string, unknown>> },
): string[] {
  const conditions: string[] = [];
  if (filter.searchIn !== undefined) {
    for (const term of searchTerms(filter.search)) {
      params.push(containsPattern(term));
      conditions.push(`${filter.searchIn} LIKE $${params.length}`);
    }
  }
  for (const [column, value] of Object.entries(filter.equal ?? {})) {
    if (value === undefined) continue;
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  return conditions;
}
