import { describe, expect, it } from 'vitest';
import { containsPattern, listConditions, searchTerms } from './search.ts';

describe('quick search helpers', () => {
  it('match the text anywhere, ignoring case, with the user’s wildcards taken literally', () => {
    expect(containsPattern('Ana')).toBe('%ana%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('split a search into at most five words', () => {
    expect(searchTerms('  ana   lima ')).toEqual(['ana', 'lima']);
    expect(searchTerms(undefined)).toEqual([]);
    expect(searchTerms('a b c d e f g')).toHaveLength(5);
  });

  it('build a list query’s conditions after the parameters already there, skipping filters not given', () => {
    const params: unknown[] = ['active'];
    const conditions = listConditions(params, {
      search: 'ana lima',
      searchIn: 'e.search_text',
      equal: { 'e.company_id': 'c-1', 'e.department_id': undefined },
    });
    expect(conditions).toEqual(['e.search_text LIKE $2', 'e.search_text LIKE $3', 'e.company_id = $4']);
    expect(params).toEqual(['active', '%ana%', '%lima%', 'c-1']);
  });
});
