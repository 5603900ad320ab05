import { findApiRoute, idParamsSchema, listQuerySchema, roleCreateSchema, roleListSchema, roleSchema, roleUpdateSchema } from '@ams/contracts';
import { type ServiceApp, scopeOf, signedInCaller } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { listRoles } from './role-repository.ts';
import { createRole, deleteRole, getRole, updateRole } from './role-service.ts';

export function registerRoleRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.get(findApiRoute('GET', '/api/roles').path, { schema: { querystring: listQuerySchema, response: { 200: roleListSchema } } }, (request) =>
    listRoles(ctx.pool, scopeOf(signedInCaller(request.principal)), request.query),
  );

  app.post(findApiRoute('POST', '/api/roles').path, { schema: { body: roleCreateSchema, response: { 201: roleSchema } } }, async (request, reply) => {
    const role = await createRole(ctx, signedInCaller(request.principal), request.body, request.client);
    return reply.code(201).send(role);
  });

  app.get(findApiRoute('GET', '/api/roles/:id').path, { schema: { params: idParamsSchema, response: { 200: roleSchema } } }, (request) =>
    getRole(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.patch(
    findApiRoute('PATCH', '/api/roles/:id').path,
    { schema: { params: idParamsSchema, body: roleUpdateSchema, response: { 200: roleSchema } } },
    (request) => updateRole(ctx, signedInCaller(request.principal), request.params.id, request.body, request.client),
  );

  app.delete(findApiRoute('DELETE', '/api/roles/:id').path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteRole(ctx, signedInCaller(request.principal), request.params.id, request.client);
    return reply.code(204).send();
  });
}
