import { systemClock } from '@ams/contracts';
import { answerHistoryRequests, startOutboxRelay, type Bus } from '@ams/bus';
import type { Pool } from '@ams/db';
import type { FaceEngine } from '@ams/face';
import { buildService, databaseAndBusProbes, type ServiceApp } from '@ams/service-kit';
import type { Polling } from '@ams/worker';
import type { PeopleContext } from './context.ts';
import { registerEmployeeRoutes } from './employees/employee-routes.ts';
import { announcePeople } from './history.ts';
import { registerOrganisationRoutes } from './organisation/organisation-routes.ts';
import { registerPhotoRoutes } from './photos/photo-routes.ts';
import { registerSafeguardingRoutes } from './safeguarding/safeguarding-routes.ts';
import { startRetentionWorker } from './safeguarding/retention-worker.ts';
import { registerSettingsRoutes } from './settings/settings-routes.ts';

/** People consumes only history requests. */
const PEOPLE_GROUP = 'people';

export interface PeopleDependencies {
  pool: Pool;
  bus: Bus;
  faces: FaceEngine;
  secrets: { internal: string; pinPepper: string };
  logLevel?: string;
  now?: () => Date;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: Polling;
}

/** The people service (organisation, employees, photos and faces, PINs, settings); it never listens. */
export async function buildPeople(deps: PeopleDependencies): Promise<ServiceApp> {
  const app = buildService({
    name: 'people',
    logLevel: deps.logLevel,
    gatewaySecret: deps.secrets.internal,
    ...databaseAndBusProbes(deps.pool, deps.bus),
  });
  const relay = startOutboxRelay({
    pool: deps.pool,
    bus: deps.bus,
    polling: deps.polling,
    onError: (error) => app.log.error({ err: error }, 'outbox relay failed'),
  });
  app.addHook('onClose', () => relay.stop());
  const ctx: PeopleContext = {
    pool: deps.pool,
    relay,
    faces: deps.faces,
    pinPepper: deps.secrets.pinPepper,
    now: deps.now ?? systemClock,
  };

  registerOrganisationRoutes(app, ctx);
  registerEmployeeRoutes(app, ctx);
  registerPhotoRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerSafeguardingRoutes(app, ctx);
  // Reporting's history requests: people answers with its whole current state.
  const history = await answerHistoryRequests({
    bus: deps.bus,
    pool: deps.pool,
    relay,
    group: PEOPLE_GROUP,
    owner: 'people',
    now: ctx.now,
    announce: announcePeople,
  });
  app.addHook('onClose', () => history.stop());
  const retention = startRetentionWorker(ctx, (error) => app.log.error({ err: error }, 'the retention of archived employees’ biometrics failed'));
  app.addHook('onClose', () => retention.stop());
  return app;
}
