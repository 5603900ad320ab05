import { describe, expect, it } from 'vitest';
import { leaveDecisionSchema, leaveRequestSchema } from '../leave/leave-api.ts';
import { messageCatalogue } from './message-catalogue.ts';
import { FACE_BURST } from '../attendance/attendance-api.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '../identity/password-rules.ts';
import { BULK_DELETE_LIMIT } from '../people/people-api.ts';
import { formatMessage, isMessageKey, issueMessage, placeholdersOf } from './message-format.ts';

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

  it("writes a validation issue from its key, with a custom issue's parameters", () => {
    expect(issueMessage({ message: 'firstNameIsRequired' })).toEqual({ message: 'First name is required', messageKey: 'firstNameIsRequired' });
    expect(issueMessage({ message: 'notAnIpAddress', params: { addresses: 'x' } })).toEqual({
      message: 'Not an IP address or CIDR range: x',
      messageKey: 'notAnIpAddress',
      params: { addresses: 'x' },
    });
    // A rule that states no message keeps zod's own text, without a key.
    expect(issueMessage({ message: 'Too big: expected string to have <=254 characters' })).toEqual({
      message: 'Too big: expected string to have <=254 characters',
    });
  });

  it('states the limits its texts repeat as the rules apply them', () => {
    expect(formatMessage(passwordMessages.tooShort)).toContain(` ${PASSWORD_MIN_LENGTH} `);
    expect(formatMessage(passwordMessages.tooLong)).toContain(` ${PASSWORD_MAX_LENGTH} `);
    expect(formatMessage('atMost500EmployeesAtATime')).toContain(` ${BULK_DELETE_LIMIT} `);
    expect(formatMessage('sendFourToSixCameraFrames')).toBe(`Send ${FACE_BURST.minFrames} to ${FACE_BURST.maxFrames} camera frames`);
  });

  it('keys every message of the leave request and decision rules, so the forms show them in Spanish too', () => {
    const issues = [
      ...(leaveRequestSchema.safeParse({ leaveTypeId: '', from: '', to: '', returnDate: '', reason: ' ' }).error?.issues ?? []),
      ...(leaveRequestSchema.safeParse({
        leaveTypeId: crypto.randomUUID(),
        from: '2026-05-04',
        to: '2026-05-05',
        returnDate: '2026-05-06',
        reason: 'x'.repeat(1001),
      }).error?.issues ?? []),
      // The order rules run once the fields themselves are right.
      ...(leaveRequestSchema.safeParse({ leaveTypeId: crypto.randomUUID(), from: '2026-05-04', to: '2026-05-01', returnDate: '2026-04-30', reason: 'Dentist' })
        .error?.issues ?? []),
      ...(leaveDecisionSchema.safeParse({ status: 'maybe', comment: 'x'.repeat(1001) }).error?.issues ?? []),
    ];
    expect(issues.length).toBe(10);
    expect(issues.filter((issue) => !isMessageKey(issue.message)).map((issue) => issue.message)).toEqual([]);
  });
});
