import { formatMessage } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { isSelfSignUpOpen } from '../settings/sign-up-setting.ts';
import { clearSessionCookies, presentedToken, setSessionCookies } from './session-cookies.ts';
import { LoginLockedError, signIn, signOut, signUp } from './session-service.ts';
import { readToken } from './tokens.ts';

export function registerSessionRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'POST /api/user/login', async (request, reply) => {
    try {
      const session = await signIn(ctx, request.body, request.client);
      setSessionCookies(request, reply, session.issued);
      return session.response;
    } catch (error) {
      if (error instanceof LoginLockedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  route(app, 'GET /api/sign-up', async () => ({ enabled: await isSelfSignUpOpen(ctx.pool) }));

  route(app, 'POST /api/sign-up', async (request) => signUp(ctx, request.body, request.client));

  route(app, 'POST /api/sign-out', async (request, reply) => {
    const { caller } = request;
    const token = presentedToken(request);
    const claims = token ? readToken(token, ctx.jwtSecret, ctx.now()) : null;
    await signOut(ctx, { userId: caller.userId, email: null }, claims && claims.sub === caller.userId ? claims : null, request.client);
    clearSessionCookies(request, reply);
    return { message: formatMessage('signedOut') };
  });
}
