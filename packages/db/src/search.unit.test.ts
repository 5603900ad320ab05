import { describe, expect, it } from 'vitest';
import { containsPattern, searchTerms } from './search.ts';

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
});
