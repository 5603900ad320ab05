import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import { kioskTokenOf } from '../devices/kiosk-token.ts';
import { punchWithTicket } from './punch-with-ticket.ts';
import type { TicketContext } from './ticket-context.ts';

/** The public clock's punch (/clock), with the ticket identification gave. */
export function registerPunchRoutes(app: ServiceApp, ctx: TicketContext): void {
  route(app, 'POST /api/clock/punch', async (request) => {
    const outcome = await punchWithTicket(ctx, {
      ...request.body,
      deviceTime: request.body.deviceTime ?? null,
      kioskToken: kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]),
      clientIp: request.client.ip,
    });
    // The kiosk is anonymous: the day's details (company, lateness, overtime, reasons) stay with the admins.
    return { message: outcome.message, action: outcome.action, at: outcome.at, employeeName: outcome.employeeName };
  });
}
