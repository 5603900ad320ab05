import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { clockSettingsOf } from '@ams/directory';
import { route, type ServiceApp } from '@ams/service-kit';
import { kioskOfToken } from '../devices/kiosk-devices.ts';
import { kioskTokenOf } from '../devices/kiosk-token.ts';
import { anyCompanyTakesCards } from './candidate-repository.ts';
import { identifyByFace } from './face-identification.ts';
import type { IdentificationContext } from './identification-context.ts';
import { identifyByCard, identifyByPin, PinLockedError } from './pin-card-identification.ts';

/** A locked-out attempt's answer says when to try again (Retry-After). */
async function withRetryAfter<T>(ctx: IdentificationContext, reply: { header(name: string, value: string): unknown }, identify: () => Promise<T>): Promise<T> {
  try {
    return await identify();
  } catch (error) {
    if (error instanceof PinLockedError) void reply.header('retry-after', String(error.retryAfterSeconds(ctx.now())));
    throw error;
  }
}

/** The public clock (/clock): identify by face, by identifier + PIN or by card, for a ticket to punch with. */
export function registerIdentifyRoutes(app: ServiceApp, ctx: IdentificationContext): void {
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
}
