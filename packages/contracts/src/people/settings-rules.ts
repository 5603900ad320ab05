import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { message } from '../messages/message-format.ts';

const IANA_NAME = /^(UTC|[A-Z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+){1,2})$/;

/** An IANA zone the runtime knows (offsets like "+01:00" and made-up areas are refused). */
export function isTimezone(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** One IPv4/IPv6 address or CIDR range, e.g. 10.0.0.0/8 or 2001:db8::/32. */
export function isAddressOrRange(entry: string): boolean {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return ipaddr.isValid(entry) && (ipaddr.IPv4.isValidFourPartDecimal(entry) || ipaddr.IPv6.isValid(entry));
}

/** Spec §3: a comma-separated list; stored trimmed, without empties, each entry checked. */
export function ipRestrictionEntries(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export const timezoneSchema = z
  .string(message('timezoneIsRequired'))
  .trim()
  .min(1, message('timezoneIsRequired'))
  .refine(isTimezone, message('timezoneMustBeAValidIanaTime'));

export const ipRestrictionSchema = z
  .string(message('ipRestrictionMustBeACommaSeparated'))
  .max(4000, message('ipRestrictionListIsTooLong'))
  .transform(ipRestrictionEntries)
  .superRefine((entries, ctx) => {
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length > 0) ctx.addIssue({ code: 'custom', message: message('notAnIpAddress'), params: { addresses: invalid.join(', ') } });
  })
  .transform((entries) => entries.join(', '));
