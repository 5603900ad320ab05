import { randomUUID } from 'node:crypto';
import { signTicket } from '../tickets/clock-ticket.ts';

/** A fresh single-use clock ticket, as a PIN identification at `kioskId` issues it: tools punch without its argon2 check. */
export function pinTicketFor(employeeId: string, secret: string, kioskId: string): string {
  const now = Date.now();
  return signTicket(
    {
      ticketId: randomUUID(),
      employeeId,
      method: 'pin',
      matchScore: null,
      spoofScore: null,
      kioskId,
      deviceId: null,
      clientIp: '127.0.0.1',
      issuedAt: now,
      expiresAt: now + 120_000,
    },
    secret,
  );
}
