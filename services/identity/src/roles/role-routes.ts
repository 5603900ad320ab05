import { route, scopeOf, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { listRoles } from './role-repository.ts';
import { createRole, deleteRole, getRole, updateRole } from './role-service.ts';

export function registerRoleRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'GET /api/roles', ({ caller, query }) => listRoles(ctx.pool, scopeOf(caller), query));
  route(app, 'POST /api/roles', ({ caller, body, client }) => createRole(ctx, caller, body, client));
  route(app, 'GET /api/roles/:id', ({ caller, params }) => getRole(ctx, caller, params.id));
  route(app, 'PATCH /api/roles/:id', ({ caller, params, body, client }) => updateRole(ctx, caller, params.id, body, client));
  route(app, 'DELETE /api/roles/:id', ({ caller, params, client }) => deleteRole(ctx, caller, params.id, client));
}
