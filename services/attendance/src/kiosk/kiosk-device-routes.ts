import { findApiRoute, idParamsSchema, kioskDeviceCreateSchema, kioskDeviceListQuerySchema, kioskDeviceListSchema, kioskDeviceRegisteredSchema } from '@ams/contracts';
import type { ServiceApp } from '@ams/service-kit';
import { allowedCaller } from '../allowed-caller.ts';
import type { AttendanceContext } from '../context.ts';
import { listKioskDevices, registerKioskDevice, revokeKioskDevice } from './kiosk-devices.ts';

const REFUSAL = 'You do not have permission to manage kiosks';

/** Admins register kiosks (the token is shown once), list them and revoke them. */
export function registerKioskDeviceRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  const list = findApiRoute('GET', '/api/kiosk-devices');
  const register = findApiRoute('POST', '/api/kiosk-devices');
  const revoke = findApiRoute('DELETE', '/api/kiosk-devices/:id');

  app.get(list.path, { schema: { querystring: kioskDeviceListQuerySchema, response: { 200: kioskDeviceListSchema } } }, (request) =>
    listKioskDevices(ctx.pool, allowedCaller(request.principal, list.method, list.path, REFUSAL), request.query),
  );
  app.post(register.path, { schema: { body: kioskDeviceCreateSchema, response: { 201: kioskDeviceRegisteredSchema } } }, async (request, reply) => {
    const registered = await registerKioskDevice(ctx.pool, allowedCaller(request.principal, register.method, register.path, REFUSAL), request.body, ctx.now());
    return reply.code(201).send(registered);
  });
  app.delete(revoke.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await revokeKioskDevice(ctx.pool, allowedCaller(request.principal, revoke.method, revoke.path, REFUSAL), request.params.id);
    return reply.code(204).send();
  });
}
