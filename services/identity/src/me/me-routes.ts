import { changePasswordSchema, findApiRoute, meUpdateSchema, passwordChangedSchema, signedInUserSchema } from '@ams/contracts';
import { type ServiceApp, signedInCaller } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { setSessionCookies } from '../session/session-cookies.ts';
import { changePassword, getMe, PASSWORD_CHANGED, updateMe } from './me-service.ts';

export function registerMeRoutes(app: ServiceApp, ctx: IdentityContext): void {
  const response = { 200: signedInUserSchema };
  app.get(findApiRoute('GET', '/api/me').path, { schema: { response } }, (request) => getMe(ctx, signedInCaller(request.principal)));

  app.patch(findApiRoute('PATCH', '/api/me').path, { schema: { body: meUpdateSchema, response } }, (request) =>
    updateMe(ctx, signedInCaller(request.principal), request.body, request.client),
  );

  app.post(
    findApiRoute('POST', '/api/me/password').path,
    { schema: { body: changePasswordSchema, response: { 200: passwordChangedSchema } } },
    async (request, reply) => {
      const issued = await changePassword(ctx, signedInCaller(request.principal), request.body, request.client);
      setSessionCookies(request, reply, issued);
      return { message: PASSWORD_CHANGED, accessToken: issued.token };
    },
  );
}
