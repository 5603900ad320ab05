import cookie from '@fastify/cookie';
import { topicForFamily } from '@ams/bus';
import { startEventService, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
import { seedIdentity, type AnnounceGeneratedPassword, type FirstAdmin } from './bootstrap/seed.ts';
import type { IdentityContext } from './context.ts';
import { announceIdentity } from './history.ts';
import { registerFeedbackRoutes } from './feedback/feedback-routes.ts';
import { registerLegalRoutes } from './legal/legal-routes.ts';
import { registerMeRoutes } from './me/me-routes.ts';
import { registerProfileImageRoutes } from './profile-image/profile-image-routes.ts';
import { applyAuditEvent } from './projections/audit-log.ts';
import { applyOrganisationEvent } from './projections/company-directory.ts';
import { applyEmployeeEvent, IDENTITY_GROUP } from './projections/employee-directory.ts';
import { registerRoleRoutes } from './roles/role-routes.ts';
import { registerSessionRoutes } from './session/session-routes.ts';
import { registerSignUpSettingRoutes } from './settings/sign-up-setting-routes.ts';
import { registerUserRoutes } from './users/user-routes.ts';

export interface IdentityDependencies extends ServiceDependencies {
  secrets: { internal: string; jwt: string };
  firstAdmin: FirstAdmin;
  announceGeneratedPassword: AnnounceGeneratedPassword;
}

/** The identity service: seeded, subscribed and with its relay running; it never listens. */
export async function buildIdentity(deps: IdentityDependencies): Promise<ServiceApp> {
  const { app, relay, now, answerHistory } = startEventService('identity', deps);
  await app.register(cookie);
  const ctx: IdentityContext = { pool: deps.pool, relay, jwtSecret: deps.secrets.jwt, now };

  await seedIdentity(ctx, deps.firstAdmin, deps.announceGeneratedPassword);
  const subscriptions = await Promise.all([
    // An erasure saves the person's users with events: the relay is woken once they committed.
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('employee')], async (event) => {
      await applyEmployeeEvent(deps.pool, event);
      relay.wake();
    }),
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('audit')], (event) => applyAuditEvent(deps.pool, event)),
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('organisation')], (event) => applyOrganisationEvent(deps.pool, event)),
    answerHistory(IDENTITY_GROUP, announceIdentity),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  });

  registerSessionRoutes(app, ctx);
  registerMeRoutes(app, ctx);
  registerProfileImageRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerRoleRoutes(app, ctx);
  registerSignUpSettingRoutes(app, ctx);
  registerLegalRoutes(app, ctx);
  registerFeedbackRoutes(app, ctx);
  return app;
}
