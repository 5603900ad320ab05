import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { clockSettingsOf } from '@ams/directory';
import { AppError, route, type ServiceApp } from '@ams/service-kit';
import { companiesWithoutFaceClocking } from '../projection/face-clocking.ts';
import type { DeviceContext } from './device-context.ts';
import { registerKioskAnswerHeader } from './kiosk-answer.ts';
import { kioskOfToken, listKioskDevices, registerKioskDevice, revokeKioskDevice } from './kiosk-devices.ts';
import { kioskTokenOf } from './kiosk-token.ts';

/** Admins register kiosks (the token is shown once), list them and revoke them. */
export function registerKioskDeviceRoutes(app: ServiceApp, ctx: DeviceContext): void {
  route(app, 'GET /api/kiosk-devices', ({ caller, query }) => listKioskDevices(ctx.pool, caller, query));
  route(app, 'POST /api/kiosk-devices', ({ caller, body }) => registerKioskDevice(ctx.pool, caller, body, ctx.now()));
  route(app, 'DELETE /api/kiosk-devices/:id', ({ caller, params }) => revokeKioskDevice(ctx.pool, caller, params.id));
}

/**
 * What a kiosk asks about itself: how to show the time, and (registered) which device it is. Every answer to a
 * kiosk whose token was looked up names its kiosk to the gateway (see kiosk-answer.ts).
 */
export function registerKioskSelfRoutes(app: ServiceApp, ctx: DeviceContext): void {
  registerKioskAnswerHeader(app);
  route(app, 'GET /api/clock/display', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    const { timezone, timeFormat } = await clockSettingsOf(ctx.pool, kiosk?.companyId ?? null);
    return { timezone, timeFormat };
  });

  route(app, 'GET /api/clock/device', async (request) => {
    const kiosk = await kioskOfToken(ctx.pool, kioskTokenOf(request.headers[KIOSK_TOKEN_HEADER]));
    if (!kiosk) throw new AppError('unauthorized', 'kioskNotRegistered');
    return { id: kiosk.deviceId, name: kiosk.name, faceClocking: !(await companiesWithoutFaceClocking(ctx.pool)).has(kiosk.companyId) };
  });
}
