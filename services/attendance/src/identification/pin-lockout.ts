import { PERSON_LOCKOUT, type LockoutPolicy } from '@ams/credentials';

/** One person's counter. A client address has none: see addressKey. */
export interface LockoutScope {
  key: string;
  policy: LockoutPolicy;
}

export const personScope = (employeeId: string): LockoutScope => ({ key: `employee:${employeeId}`, policy: PERSON_LOCKOUT });

/**
 * The wrong PINs of one client address (a kiosk, or everyone behind one NAT), kept as @ams/credentials'
 * ADDRESS_FAILURE_LIMIT state (slowed-until in the counter's lockedUntil). Only failures reach it: it never
 * refuses an attempt before its PIN is checked, so a right PIN always gets through.
 */
export const addressKey = (ip: string | null): string => `address:${ip ?? 'unknown'}`;
