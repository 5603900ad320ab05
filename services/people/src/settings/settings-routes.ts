import { route, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { readSettings, writeSettings } from './settings-service.ts';

export function registerSettingsRoutes(app: ServiceApp, ctx: PeopleContext): void {
  route(app, 'GET /api/settings', ({ caller, query }) => readSettings(ctx, caller, query.companyId));
  route(app, 'PUT /api/settings', ({ caller, body }) => writeSettings(ctx, caller, body));
}
