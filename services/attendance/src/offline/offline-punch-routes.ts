import { KIOSK_TOKEN_HEADER, SERVER_TIME_HEADER } from '@ams/contracts';
import { AppendRefusedError } from '@ams/event-store';
import { AppError, route, type ServiceApp } from '@ams/service-kit';
import type { OfflineContext } from './offline-context.ts';
import { recordDay } from '../work-day/work-day-service.ts';
import { kioskOfToken, recordKioskContact } from '../devices/kiosk-devices.ts';
import { kioskTokenOf } from '../devices/kiosk-token.ts';
import { findOfflinePunchIssue, listOfflinePunchIssues, OFFLINE_PUNCH_ALREADY_RESOLVED, resolutionRow } from './offline-punch-issues.ts';
import { replayOfflinePunch } from './offline-replay.ts';

/**
 * The offline kiosk: its periodic contact (queue length and clock offset in, server time and sealing key out),
 * the replay of its sealed queue, and the admins' list of offline punches needing attention.
 */
export function registerOfflinePunchRoutes(app: ServiceApp, ctx: OfflineContext): void {
  // Every clock answer says the server's time, so the kiosk measures its offset on each exchange.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/clock/')) void reply.header(SERVER_TIME_HEADER, ctx.now().toISOString());
  });

  route(app, 'POST /api/clock/contact', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    if (!kiosk) throw new AppError('unauthorized', 'kioskNotRegistered');
    const now = ctx.now();
    await recordKioskContact(ctx.pool, kiosk, request.body, now);
    return { serverTime: now.toISOString(), sealingKey: ctx.sealingKey.publicKey };
  });

  route(app, 'POST /api/clock/offline-punches', async (request) => ({
    outcome: await replayOfflinePunch(
      ctx,
      { ...request.body, kioskToken: kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]), clientIp: request.client.ip },
      request.log,
    ),
  }));

  route(app, 'GET /api/attendance/offline-punches', ({ caller, query }) => listOfflinePunchIssues(ctx.pool, caller, query));

  // The admin records the day by hand (the admin correction of a day, with its reason); that settles the item.
  route(app, 'POST /api/attendance/offline-punches/:id/record', async ({ caller, params, body }) => {
    const issue = await findOfflinePunchIssue(ctx.pool, caller, params.id);
    if (issue.resolvedAt) throw new AppError('conflict', 'offlinePunchAlreadyResolved');
    try {
      return await recordDay(ctx, caller, body, [resolutionRow(issue, caller, ctx.now())]);
    } catch (error) {
      if (error instanceof AppendRefusedError && error.refusal === OFFLINE_PUNCH_ALREADY_RESOLVED)
        throw new AppError('conflict', 'offlinePunchAlreadyResolved', { cause: error });
      throw error;
    }
  });
}
