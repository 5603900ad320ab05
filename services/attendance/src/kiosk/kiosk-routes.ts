import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { clockSettingsOf } from '@ams/directory';
import { AppError, route, type ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { companiesWithoutFaceClocking } from './face-clocking.ts';
import { kioskOfToken } from './kiosk-devices.ts';
import { identifyByFace } from './kiosk-face.ts';
import { anyCompanyTakesCards } from './kiosk-repository.ts';
import { identifyByCard, identifyByPin, PinLockedError, punchWithTicket } from './kiosk-service.ts';

/** A registered kiosk's token (x-kiosk-token); absent means an unregistered client. */
export function kioskTokenOf(value: string | string[] | undefined): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A locked-out attempt's answer says when to try again (Retry-After). */
async function withRetryAfter<T>(ctx: AttendanceContext, reply: { header(name: string, value: string): unknown }, identify: () => Promise<T>): Promise<T> {
  try {
    return await identify();
  } catch (error) {
    if (error instanceof PinLockedError) void reply.header('retry-after', String(error.retryAfterSeconds(ctx.now())));
    throw error;
  }
}

/** The public clock (/clock): identify by face or by identifier + PIN, then punch with the ticket. */
export function registerKioskRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  route(app, 'POST /api/clock/identify/face', (request) =>
    identifyByFace(
      ctx,
      {
        frames: request.body.frames.map((frame) => Buffer.from(frame, 'base64')),
        kioskId: request.body.kioskId || null,
        kioskToken: kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]),
        clientIp: request.client.ip,
      },
      request.log,
    ),
  );

  route(app, 'POST /api/clock/identify/pin', (request, reply) =>
    withRetryAfter(ctx, reply, () =>
      identifyByPin(ctx, {
        ...request.body,
        kioskId: request.body.kioskId || null,
        kioskToken: kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]),
        clientIp: request.client.ip,
      }),
    ),
  );

  route(app, 'POST /api/clock/identify/card', (request, reply) =>
    withRetryAfter(ctx, reply, () =>
      identifyByCard(ctx, {
        card: request.body.card,
        pin: request.body.pin ?? null,
        kioskId: request.body.kioskId || null,
        kioskToken: kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]),
        clientIp: request.client.ip,
      }),
    ),
  );

  route(app, 'GET /api/clock/card-reader', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    return { enabled: kiosk ? (await clockSettingsOf(ctx.pool, kiosk.companyId)).rfidClock : await anyCompanyTakesCards(ctx.pool) };
  });

  route(app, 'GET /api/clock/display', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    const { timezone, timeFormat } = await clockSettingsOf(ctx.pool, kiosk?.companyId ?? null);
    return { timezone, timeFormat };
  });

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

  route(app, 'GET /api/clock/device', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    if (!kiosk) throw new AppError('unauthorized', 'kioskNotRegistered');
    return { id: kiosk.deviceId, name: kiosk.name, faceClocking: !(await companiesWithoutFaceClocking(ctx.pool)).has(kiosk.companyId) };
  });
}
