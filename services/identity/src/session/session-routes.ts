import { findApiRoute, loginBodySchema, sessionResponseSchema, signUpBodySchema, signUpStatusSchema, messageSchema } from '@ams/contracts';
import { type ServiceApp, signedInCaller } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { isSelfSignUpOpen } from '../settings/sign-up-setting.ts';
import { clearSessionCookies, presentedToken, setSessionCookies } from './session-cookies.ts';
import { LoginLockedError, signIn, signOut, signUp } from './session-service.ts';
import { readToken } from './tokens.ts';

export function registerSessionRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.post(findApiRoute('POST', '/api/user/login').path, { schema: { body: loginBodySchema, response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    try {
      const session = await signIn(ctx, request.body, request.client);
      setSessionCookies(request, reply, session.issued);
      return session.response;
    } catch (error) {
      if (error instanceof LoginLockedError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  app.get(findApiRoute('GET', '/api/sign-up').path, { schema: { response: { 200: signUpStatusSchema } } }, async () => ({
    enabled: await isSelfSignUpOpen(ctx.pool),
  }));

  app.post(findApiRoute('POST', '/api/sign-up').path, { schema: { body: signUpBodySchema, response: { 200: sessionResponseSchema } } }, async (request, reply) => {
    const session = await signUp(ctx, request.body, request.client);
    setSessionCookies(request, reply, session.issued);
    return session.response;
  });

  app.post(findApiRoute('POST', '/api/sign-out').path, { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    const caller = signedInCaller(request.principal);
    const token = presentedToken(request);
    const claims = token ? readToken(token, ctx.jwtSecret, ctx.now()) : null;
    await signOut(ctx, { userId: caller.userId, email: null }, claims && claims.sub === caller.userId ? claims : null, request.client);
    clearSessionCookies(request, reply);
    return { message: 'Signed out' };
  });
}
