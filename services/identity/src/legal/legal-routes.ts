import { route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { getLegalNotice, updateLegalNotice } from './legal-service.ts';

export function registerLegalRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'GET /api/legal', () => getLegalNotice(ctx));
  route(app, 'PUT /api/settings/legal', ({ caller, body, client }) => updateLegalNotice(ctx, caller, body, client));
}
