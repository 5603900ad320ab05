import { findApiRoute, settingsQuerySchema, settingsSavedSchema, settingsSchema, settingsUpdateSchema } from '@ams/contracts';
import { signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { readSettings, writeSettings } from './settings-service.ts';

export function registerSettingsRoutes(app: ServiceApp, ctx: PeopleContext): void {
  app.get(findApiRoute('GET', '/api/settings').path, { schema: { querystring: settingsQuerySchema, response: { 200: settingsSchema } } }, (request) =>
    readSettings(ctx, signedInCaller(request.principal), request.query.companyId),
  );
  app.put(findApiRoute('PUT', '/api/settings').path, { schema: { body: settingsUpdateSchema, response: { 200: settingsSavedSchema } } }, (request) =>
    writeSettings(ctx, signedInCaller(request.principal), request.body),
  );
}
