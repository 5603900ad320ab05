import { PERSON_LOCKOUT, type LockoutPolicy } from '@ams/credentials';

/** One person's counter. A client has none: see clientKey. */
export interface LockoutScope {
  key: string;
  policy: LockoutPolicy;
}

export const personScope = (employeeId: string): LockoutScope => ({ key: `employee:${employeeId}`, policy: PERSON_LOCKOUT });

/**
 * The wrong PINs of one client, kept as @ams/credentials' ADDRESS_FAILURE_LIMIT state (slowed-until in the
 * counter's lockedUntil): a registered kiosk's own (the kiosks of an office behind one NAT never slow each
 * other), else its address's (everyone unregistered behind it). Only failures reach it: it never refuses an
 * attempt before its PIN is checked, so a right PIN always gets through.
 */
export const clientKey = (client: { kiosk: { deviceId: string } | null; clientIp: string | null }): string =>
  client.kiosk ? `kiosk:${client.kiosk.deviceId}` : `address:${client.clientIp ?? 'unknown'}`;
