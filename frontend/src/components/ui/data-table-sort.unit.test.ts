import { describe, expect, it } from 'vitest';
import { ariaSortOf, mobileLabelOf, nextSort, tableContent } from './data-table-sort';

describe('nextSort', () => {
  it('flips the sorted column from ascending to descending', () => {
    expect(nextSort({ by: 'email', order: 'asc' }, 'email')).toEqual({ by: 'email', order: 'desc' });
  });
  it('flips the sorted column from descending back to ascending', () => {
    expect(nextSort({ by: 'email', order: 'desc' }, 'email')).toEqual({ by: 'email', order: 'asc' });
  });
  it('starts another column ascending, whatever the current order', () => {
    expect(nextSort({ by: 'email', order: 'asc' }, 'lastName')).toEqual({ by: 'lastName', order: 'asc' });
    expect(nextSort({ by: 'email', order: 'desc' }, 'lastName')).toEqual({ by: 'lastName', order: 'asc' });
  });
});

describe('ariaSortOf', () => {
  it('says the direction only on the sorted column', () => {
    expect(ariaSortOf({ by: 'email', order: 'asc' }, 'email')).toBe('ascending');
    expect(ariaSortOf({ by: 'email', order: 'desc' }, 'email')).toBe('descending');
    expect(ariaSortOf({ by: 'email', order: 'desc' }, 'lastName')).toBe('none');
  });
});

describe('tableContent', () => {
  it('shows the table while there are rows', () => {
    expect(tableContent(1, 'No users found!')).toBe('table');
    expect(tableContent(3, undefined)).toBe('table');
  });
  it('shows the empty state without rows, or nothing when the screen has none to say', () => {
    expect(tableContent(0, 'No users found!')).toBe('empty');
    expect(tableContent(0, undefined)).toBe('nothing');
  });
});

describe('mobileLabelOf', () => {
  it('uses the label given, else a text header, else nothing', () => {
    expect(mobileLabelOf('Name', 'Full name')).toBe('Full name');
    expect(mobileLabelOf('Name', undefined)).toBe('Name');
    expect(mobileLabelOf({ type: 'input' }, undefined)).toBe('');
  });
});
