import type { ClockAction } from '@ams/contracts';
import { AppendRefusedError } from '@ams/event-store';
import { AppError } from '@ams/service-kit';
import { accessDenied } from '../devices/client-access.ts';
import { addressAllowed, normaliseAddress } from '../devices/client-address.ts';
import { kioskOfToken } from '../devices/kiosk-devices.ts';
import { clockContextAt, punch, type PunchOutcome } from '../work-day/work-day-service.ts';
import { verifyTicket } from './clock-ticket.ts';
import { spentTicketRow, TICKET_ALREADY_SPENT } from './spent-tickets.ts';
import type { TicketContext } from './ticket-context.ts';

/**
 * A punch with a ticket: it must be genuine, unexpired and spent from the address (and the registered kiosk)
 * it was issued to; the employee's company must still accept that address. The ticket is spent on the punch's commandId
 * with the punch's events, in the append's one statement: a refused punch spends nothing (the employee may choose another action),
 * and a retry of the same command goes through and is answered with its first outcome.
 */
export async function punchWithTicket(
  ctx: TicketContext,
  input: { ticket: string; action: ClockAction; commandId: string; deviceTime: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<PunchOutcome> {
  const now = ctx.now();
  const check = verifyTicket(input.ticket, ctx.secrets.clockTicket, now.getTime());
  if (!check.ok) throw new AppError('unauthorized', check.reason === 'expired' ? 'ticketExpired' : 'ticketInvalid');
  const { claims } = check;
  const clientIp = normaliseAddress(input.clientIp);
  if (clientIp !== claims.clientIp) throw new AppError('unauthorized', 'ticketElsewhere');
  // A ticket issued at a registered kiosk is spent there (with its token), one issued elsewhere without one.
  const kiosk = await kioskOfToken(ctx.pool, input.kioskToken);
  if ((kiosk?.deviceId ?? null) !== claims.deviceId) throw new AppError('unauthorized', 'ticketElsewhere');

  const context = await clockContextAt(ctx.pool, claims.employeeId, now);
  if (context && !addressAllowed(clientIp, context.settings.ipRestriction)) throw accessDenied();
  if (context && kiosk && kiosk.companyId !== context.employee.companyId) throw accessDenied();
  const ticket = { ticketId: claims.ticketId, expiresAt: new Date(claims.expiresAt) };
  const spent = punch(
    ctx,
    {
      employeeId: claims.employeeId,
      action: input.action,
      commandId: input.commandId,
      source: {
        method: claims.method,
        actorId: null,
        kioskId: claims.kioskId,
        clientIp,
        matchScore: claims.matchScore,
        spoofScore: claims.spoofScore,
        deviceTime: input.deviceTime,
      },
    },
    { context, sideInserts: [spentTicketRow(ticket, input.commandId)] },
  );
  return spent.catch((error: unknown) => {
    if (error instanceof AppendRefusedError && error.refusal === TICKET_ALREADY_SPENT) throw new AppError('unauthorized', 'ticketSpent', { cause: error });
    throw error;
  });
}
