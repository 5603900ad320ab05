import { createHmac, timingSafeEqual } from 'node:crypto';
import { clockMethods } from '@ams/contracts';
import { z } from 'zod';

/**
 * A clock ticket: the kiosk's short-lived proof that it identified an employee, spent on one punch.
 * Format `v1.<claims as base64url JSON>.<HMAC-SHA256 of "v1.<claims>" as base64url>`. The algorithm is
 * fixed by the version, never read from the ticket, so a ticket cannot choose a weaker one.
 */
export const TICKET_LIFETIME_MS = 2 * 60_000;
const VERSION = 'v1';
/** Real tickets are ~400 characters; anything far longer is refused before any work. */
const MAX_TICKET_LENGTH = 2048;

const claimsSchema = z
  .object({
    ticketId: z.uuid(),
    employeeId: z.uuid(),
    method: z.enum(clockMethods),
    matchScore: z.number().nullable(),
    spoofScore: z.number().nullable(),
    kioskId: z.string().max(100).nullable(),
    /** The registered kiosk the ticket was issued at (its token must come with the punch), if any. */
    deviceId: z.uuid().nullable(),
    /** The client address the ticket was issued to (normalised); only that address may spend it. */
    clientIp: z.string().nullable(),
    issuedAt: z.number().int(),
    expiresAt: z.number().int(),
  })
  .strict();

export type TicketClaims = z.infer<typeof claimsSchema>;

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: 'malformed' | 'forged' | 'expired' };

function mac(signed: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(signed).digest();
}

export function signTicket(claims: TicketClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signed = `${VERSION}.${payload}`;
  return `${signed}.${mac(signed, secret).toString('base64url')}`;
}

/** The claims of a ticket this secret signed and that has not expired at `now` (epoch ms). */
export function verifyTicket(ticket: string, secret: string, now: number): TicketCheck {
  if (ticket.length > MAX_TICKET_LENGTH) return { ok: false, reason: 'malformed' };
  const parts = ticket.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return { ok: false, reason: 'malformed' };
  const [, payload = '', signature = ''] = parts;
  const expected = mac(`${VERSION}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  // Buffer.from skips characters that are not base64url: only the canonical spelling of the MAC counts.
  if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'forged' };
  }
  let claims: TicketClaims;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success) return { ok: false, reason: 'malformed' };
    claims = parsed.data;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (now >= claims.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
