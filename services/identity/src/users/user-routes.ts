import { route, scopeOf, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { listUsers, toUserView } from './user-repository.ts';
import { createUser, deleteUser, getUser, updateUser } from './user-service.ts';

export function registerUserRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'GET /api/users', async ({ caller, query }) => {
    const page = await listUsers(ctx.pool, scopeOf(caller), query);
    return { items: page.items.map(toUserView), total: page.total };
  });
  route(app, 'POST /api/users', ({ caller, body, client }) => createUser(ctx, caller, body, client));
  route(app, 'GET /api/users/:id', ({ caller, params }) => getUser(ctx, caller, params.id));
  route(app, 'PATCH /api/users/:id', ({ caller, params, body, client }) => updateUser(ctx, caller, params.id, body, client));
  route(app, 'DELETE /api/users/:id', ({ caller, params, client }) => deleteUser(ctx, caller, params.id, client));
}
