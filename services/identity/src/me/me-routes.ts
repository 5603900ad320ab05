import { formatMessage } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { setSessionCookies } from '../session/session-cookies.ts';
import { changePassword, getMe, updateMe } from './me-service.ts';

export function registerMeRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'GET /api/me', ({ caller }) => getMe(ctx, caller));
  route(app, 'PATCH /api/me', ({ caller, body, client }) => updateMe(ctx, caller, body, client));
  route(app, 'POST /api/me/password', async (request, reply) => {
    const issued = await changePassword(ctx, request.caller, request.body, request.client);
    // A new session replaces the ended ones, in the cookies too.
    setSessionCookies(request, reply, issued);
    return { message: formatMessage('passwordChanged'), accessToken: issued.token };
  });
}
