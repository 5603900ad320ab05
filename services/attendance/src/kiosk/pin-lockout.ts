import { createHash } from 'node:crypto';
import { PERSON_LOCKOUT, type LockoutPolicy } from '@ams/credentials';

/** One person's counter (or an unknown identifier's). A client address has none: see addressKey. */
export interface LockoutScope {
  key: string;
  policy: LockoutPolicy;
}

export const personScope = (employeeId: string): LockoutScope => ({ key: `employee:${employeeId}`, policy: PERSON_LOCKOUT });

/** An identifier nobody has locks like a person, so a lockout tells nothing about who exists. */
export function unknownIdentifierScope(identifier: string): LockoutScope {
  const digest = createHash('sha256').update(identifier.trim().toLowerCase()).digest('hex');
  return { key: `identifier:${digest}`, policy: PERSON_LOCKOUT };
}

/**
 * The wrong PINs of one client address (a kiosk, or everyone behind one NAT), kept as @ams/credentials'
 * ADDRESS_FAILURE_LIMIT state (slowed-until in the counter's lockedUntil). Only failures reach it: it never
 * refuses an attempt before its PIN is checked, so a right PIN always gets through.
 */
export const addressKey = (ip: string | null): string => `address:${ip ?? 'unknown'}`;
