import cookie from '@fastify/cookie';
import { systemClock } from '@ams/contracts';
import { answerHistoryRequests, startOutboxRelay, topicForFamily, type Bus } from '@ams/bus';
import type { Pool } from '@ams/db';
import { buildService, databaseAndBusProbes, type ServiceApp } from '@ams/service-kit';
import type { Polling } from '@ams/worker';
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

export interface IdentityDependencies {
  pool: Pool;
  bus: Bus;
  secrets: { internal: string; jwt: string };
  firstAdmin: FirstAdmin;
  announceGeneratedPassword: AnnounceGeneratedPassword;
  logLevel?: string;
  now?: () => Date;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: Polling;
}

/** The identity service: seeded, subscribed and with its relay running; it never listens. */
export async function buildIdentity(deps: IdentityDependencies): Promise<ServiceApp> {
  const app = buildService({
    name: 'identity',
    logLevel: deps.logLevel,
    gatewaySecret: deps.secrets.internal,
    ...databaseAndBusProbes(deps.pool, deps.bus),
  });
  await app.register(cookie);
  const relay = startOutboxRelay({
    pool: deps.pool,
    bus: deps.bus,
    polling: deps.polling,
    onError: (error) => app.log.error({ err: error }, 'outbox relay failed'),
  });
  const ctx: IdentityContext = { pool: deps.pool, relay, jwtSecret: deps.secrets.jwt, now: deps.now ?? systemClock };
  app.addHook('onClose', () => relay.stop());

  await seedIdentity(ctx, deps.firstAdmin, deps.announceGeneratedPassword);
  const subscriptions = await Promise.all([
    // An erasure saves the person's users with events: the relay is woken once they committed.
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('employee')], async (event) => {
      await applyEmployeeEvent(deps.pool, event);
      relay.wake();
    }),
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('audit')], (event) => applyAuditEvent(deps.pool, event)),
    deps.bus.subscribe(IDENTITY_GROUP, [topicForFamily('organisation')], (event) => applyOrganisationEvent(deps.pool, event)),
    answerHistoryRequests({ bus: deps.bus, pool: deps.pool, relay, group: IDENTITY_GROUP, owner: 'identity', now: ctx.now, announce: announceIdentity }),
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
