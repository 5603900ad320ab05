import { describe, expect, it } from 'vitest';
import { messageCatalogue } from './message-catalogue.ts';
import { formatMessage, messageKeyOf, placeholdersOf } from './message-format.ts';

describe('the message catalogue', () => {
  it('gives every message English and Spanish text with the same placeholders', () => {
    const mismatched = Object.entries(messageCatalogue).filter(([, { en, es }]) => {
      const forms = [en, es].flatMap((text) => (typeof text === 'string' ? [text] : [text.one, text.other]));
      return forms.some((form) => form.trim() === '') || typeof en !== typeof es || placeholdersOf(en).join() !== placeholdersOf(es).join();
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it('fills placeholders and picks plural forms', () => {
    expect(formatMessage('alreadyCheckedIn', { time: '08:02' })).toBe('The employee has already checked in today at 08:02');
    expect(formatMessage('tooManyWrongAttempts', { count: 1 })).toBe('Too many wrong attempts. Try again in 1 minute.');
    expect(formatMessage('tooManyWrongAttempts', { count: 5 }, 'es')).toBe('Demasiados intentos fallidos. Inténtalo de nuevo en 5 minutos.');
  });

  it('keys a fixed English text back for validation issues only', () => {
    expect(messageKeyOf('First name is required')).toBe('firstNameIsRequired');
    expect(messageKeyOf('Something unheard of')).toBeUndefined();
  });
});
