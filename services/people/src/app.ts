import type { FaceEngine } from '@ams/face';
import { startEventService, type ServiceApp, type ServiceDependencies } from '@ams/service-kit';
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

export interface PeopleDependencies extends ServiceDependencies {
  faces: FaceEngine;
  secrets: { internal: string; pinPepper: string };
}

/** The people service (organisation, employees, photos and faces, PINs, settings); it never listens. */
export async function buildPeople(deps: PeopleDependencies): Promise<ServiceApp> {
  const { app, relay, now, answerHistory } = startEventService('people', deps);
  const ctx: PeopleContext = {
    pool: deps.pool,
    relay,
    faces: deps.faces,
    pinPepper: deps.secrets.pinPepper,
    now,
  };

  registerOrganisationRoutes(app, ctx);
  registerEmployeeRoutes(app, ctx);
  registerPhotoRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerSafeguardingRoutes(app, ctx);
  // Reporting's history requests: people answers with its whole current state.
  const history = await answerHistory(PEOPLE_GROUP, announcePeople);
  app.addHook('onClose', () => history.stop());
  const retention = startRetentionWorker(ctx, (error) => app.log.error({ err: error }, 'the retention of archived employees’ biometrics failed'));
  app.addHook('onClose', () => retention.stop());
  return app;
}
