import { findApiRoute, signUpSettingSchema, signUpStatusSchema } from '@ams/contracts';
import { withOutbox } from '@ams/bus';
import { type ServiceApp, signedInCaller } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { setSelfSignUp } from './sign-up-setting.ts';

export function registerSignUpSettingRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.put(findApiRoute('PUT', '/api/settings/sign-up').path, { schema: { body: signUpSettingSchema, response: { 200: signUpStatusSchema } } }, async (request) => {
    const caller = signedInCaller(request.principal);
    await withOutbox(ctx, async (tx, record) => {
      await setSelfSignUp(tx, request.body.enabled);
      record(activityRecorded({ action: 'settings-changed', actor: { id: caller.userId, email: null }, client: request.client, details: { selfSignUp: String(request.body.enabled) } }, ctx.now()));
    });
    return { enabled: request.body.enabled };
  });
}
