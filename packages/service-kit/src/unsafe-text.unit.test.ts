import { describe, expect, it } from 'vitest';
import { findUnsafeText } from './unsafe-text.ts';

describe('findUnsafeText', () => {
  it('names the first field holding a NUL or a lone surrogate, however deep', () => {
    expect(findUnsafeText({ name: 'Ana', reason: 'late\u0000' })).toBe('reason');
    expect(findUnsafeText({ reason: '\ud800x' })).toBe('reason');
    expect(findUnsafeText({ reason: 'x\udc00' })).toBe('reason');
    expect(findUnsafeText({ privileges: [{ id: 'a' }, { id: 'b\u0000' }] })).toBe('privileges.1.id');
    expect(findUnsafeText(['ok', '\u0000'])).toBe('1');
    expect(findUnsafeText('\u0000')).toBe('');
  });

  it('refuses an unsafe key as well as an unsafe value', () => {
    expect(findUnsafeText({ 'na\u0000me': 'Ana' })).toBe('na\u0000me');
  });

  it('lets ordinary text, emoji (surrogate pairs), numbers and buffers through', () => {
    expect(findUnsafeText({ name: 'José Ñúñez 😀', hours: 8, active: true, none: null, photo: Buffer.from([0, 1, 2]) })).toBeNull();
    expect(findUnsafeText(undefined)).toBeNull();
  });
});
