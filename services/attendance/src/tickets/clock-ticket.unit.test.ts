import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTicket, TICKET_LIFETIME_MS, verifyTicket, type TicketClaims } from './clock-ticket.ts';

const SECRET = 'clock-ticket-secret-for-unit-tests-0123456789';
const issuedAt = Date.parse('2026-11-23T09:00:00.000Z');
const claims: TicketClaims = {
  ticketId: randomUUID(),
  employeeId: randomUUID(),
  method: 'face',
  matchScore: 0.9,
  spoofScore: 0.33,
  kioskId: 'door-1',
  deviceId: null,
  clientIp: '10.0.0.5',
  issuedAt,
  expiresAt: issuedAt + TICKET_LIFETIME_MS,
};

describe('clock tickets', () => {
  it('carry their claims back to the service that signed them, until they expire', () => {
    const ticket = signTicket(claims, SECRET);
    expect(ticket).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(verifyTicket(ticket, SECRET, issuedAt + TICKET_LIFETIME_MS - 1)).toEqual({ ok: true, claims });
    expect(verifyTicket(ticket, SECRET, issuedAt + TICKET_LIFETIME_MS)).toEqual({ ok: false, reason: 'expired' });
  });

  it('live two minutes', () => {
    expect(TICKET_LIFETIME_MS).toBe(120_000);
  });

  it('are refused when signed with another secret', () => {
    expect(verifyTicket(signTicket(claims, `${SECRET}-other`), SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
  });

  it('are refused when a claim was changed, even to a still valid one', () => {
    const [version, , signature] = signTicket(claims, SECRET).split('.');
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, employeeId: randomUUID() })).toString('base64url');
    expect(verifyTicket(`${version}.${otherPayload}.${signature}`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
    const longer = Buffer.from(JSON.stringify({ ...claims, expiresAt: claims.expiresAt + 3_600_000 })).toString('base64url');
    expect(verifyTicket(`${version}.${longer}.${signature}`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
  });

  it('accept only the canonical spelling of the signature', () => {
    const ticket = signTicket(claims, SECRET);
    expect(verifyTicket(`${ticket}!`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyTicket(`${ticket}A`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
    expect(verifyTicket(ticket.slice(0, -1), SECRET, issuedAt)).toEqual({ ok: false, reason: 'forged' });
  });

  it('have one algorithm: another version prefix, a missing part or an oversized ticket is malformed', () => {
    const [, payload, signature] = signTicket(claims, SECRET).split('.');
    expect(verifyTicket(`v0.${payload}.${signature}`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTicket(`${payload}.${signature}`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTicket(`v1.${'a'.repeat(3000)}.${signature}`, SECRET, issuedAt)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyTicket('', SECRET, issuedAt)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuse a correctly signed payload that is not a whole set of claims', () => {
    const ticket = signTicket({ ...claims, method: 'admin' } as unknown as TicketClaims, SECRET);
    expect(verifyTicket(ticket, SECRET, issuedAt)).toEqual({ ok: false, reason: 'malformed' });
  });
});
