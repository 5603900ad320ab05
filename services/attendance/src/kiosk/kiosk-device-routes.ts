import { route, type ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { listKioskDevices, registerKioskDevice, revokeKioskDevice } from './kiosk-devices.ts';

/** Admins register kiosks (the token is shown once), list them and revoke them. */
export function registerKioskDeviceRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  route(app, 'GET /api/kiosk-devices', ({ caller, query }) => listKioskDevices(ctx.pool, caller, query));
  route(app, 'POST /api/kiosk-devices', ({ caller, body }) => registerKioskDevice(ctx.pool, caller, body, ctx.now()));
  route(app, 'DELETE /api/kiosk-devices/:id', ({ caller, params }) => revokeKioskDevice(ctx.pool, caller, params.id));
}
