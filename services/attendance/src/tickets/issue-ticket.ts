import { randomUUID } from 'node:crypto';
import { formatMessage, fullName, type ClockAction, type ClockMethod, type KeyedMessage, type MessageKey } from '@ams/contracts';
import type { ClockContext } from '@ams/directory';
import type { RegisteredKiosk } from '../devices/kiosk-devices.ts';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';
import { allowedPunches, clockContextAt } from '../work-day/work-day-service.ts';
import { signTicket, TICKET_LIFETIME_MS, type TicketClaims } from './clock-ticket.ts';
import type { TicketContext } from './ticket-context.ts';

/** What an identification answers the kiosk: the signed ticket, whom it names and the punches it offers. */
export interface ClockTicket {
  ticket: string;
  employeeId: string;
  employeeName: string;
  photo: string | null;
  method: ClockMethod;
  message: string;
  expiresAt: string;
  allowedActions: ClockAction[];
  unavailable: KeyedMessage | null;
}

/** The kiosk names itself by a free label (kioskId) unless it is registered: then by its device id. */
export function kioskClaims(kiosk: RegisteredKiosk | null, kioskId: string | null): Pick<TicketClaims, 'kioskId' | 'deviceId'> {
  return kiosk ? { kioskId: kiosk.deviceId, deviceId: kiosk.deviceId } : { kioskId, deviceId: null };
}

const acceptedMessages = { face: 'faceRecognized', pin: 'pinAccepted', card: 'cardAccepted' } as const satisfies Record<ClockMethod, MessageKey>;

/**
 * The ticket, with the punches the person's day allows now: the kiosk offers only those. `read` is the
 * caller's clockContextAt of the employee in this request, when it has one (not read again).
 */
export async function issueTicket(
  ctx: TicketContext,
  employee: KioskEmployee,
  proof: Pick<TicketClaims, 'method' | 'matchScore' | 'spoofScore' | 'kioskId' | 'deviceId' | 'clientIp'>,
  read?: { context: ClockContext | null },
): Promise<ClockTicket> {
  const context = read ? read.context : await clockContextAt(ctx.pool, employee.employeeId, ctx.now());
  const allowed = context ? await allowedPunches(ctx, context) : { allowedActions: [], unavailable: { messageKey: 'noActiveSchedule' as const } };
  const issuedAt = ctx.now().getTime();
  const claims: TicketClaims = { ticketId: randomUUID(), employeeId: employee.employeeId, ...proof, issuedAt, expiresAt: issuedAt + TICKET_LIFETIME_MS };
  return {
    ticket: signTicket(claims, ctx.secrets.clockTicket),
    employeeId: employee.employeeId,
    employeeName: fullName(employee),
    photo: employee.thumbnail ? `data:image/webp;base64,${employee.thumbnail.toString('base64')}` : null,
    method: proof.method,
    message: formatMessage(acceptedMessages[proof.method]),
    expiresAt: new Date(claims.expiresAt).toISOString(),
    ...allowed,
  };
}
