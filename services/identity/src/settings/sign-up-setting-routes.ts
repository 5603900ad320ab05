import { withOutbox } from '@ams/bus';
import { AppError, route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { setSelfSignUp } from './sign-up-setting.ts';

export function registerSignUpSettingRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'PUT /api/settings/sign-up', async ({ caller, body, client }) => {
    // Who may sign up is the whole organisation's, as its other settings are: a company Admin may not decide it.
    if (caller.accountType !== 'SuperAdmin') throw new AppError('forbidden', 'onlyASuperadminCanChangeTheOrganisation');
    await withOutbox(ctx, async (tx, record) => {
      await setSelfSignUp(tx, body.enabled);
      record(
        activityRecorded(
          { action: 'settings-changed', actor: { id: caller.userId, email: null }, client, details: { selfSignUp: String(body.enabled) } },
          ctx.now(),
        ),
      );
    });
    return { enabled: body.enabled };
  });
}
