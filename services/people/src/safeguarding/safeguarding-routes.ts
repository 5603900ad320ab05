import { route, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { kioskNotice, readFaceClocking, safeguardingSettings, writeFaceClocking, writeSafeguarding } from './safeguarding-service.ts';

export function registerSafeguardingRoutes(app: ServiceApp, ctx: PeopleContext): void {
  route(app, 'GET /api/settings/safeguarding', () => safeguardingSettings(ctx));
  route(app, 'PUT /api/settings/safeguarding', ({ body }) => writeSafeguarding(ctx, body));
  route(app, 'GET /api/settings/face-clocking', ({ caller, query }) => readFaceClocking(ctx, caller, query.companyId));
  route(app, 'PUT /api/settings/face-clocking', ({ caller, body }) => writeFaceClocking(ctx, caller, body));
  route(app, 'GET /api/clock/notice', () => kioskNotice(ctx));
}
