import { findApiRoute, idParamsSchema, listQuerySchema, userCreateSchema, userListSchema, userSchema, userUpdateSchema } from '@ams/contracts';
import { type ServiceApp, scopeOf, signedInCaller } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { listUsers, toUserView } from './user-repository.ts';
import { createUser, deleteUser, getUser, updateUser } from './user-service.ts';

export function registerUserRoutes(app: ServiceApp, ctx: IdentityContext): void {
  app.get(findApiRoute('GET', '/api/users').path, { schema: { querystring: listQuerySchema, response: { 200: userListSchema } } }, async (request) => {
    const page = await listUsers(ctx.pool, scopeOf(signedInCaller(request.principal)), request.query);
    return { items: page.items.map(toUserView), total: page.total };
  });

  app.post(findApiRoute('POST', '/api/users').path, { schema: { body: userCreateSchema, response: { 201: userSchema } } }, async (request, reply) => {
    const user = await createUser(ctx, signedInCaller(request.principal), request.body, request.client);
    return reply.code(201).send(user);
  });

  app.get(findApiRoute('GET', '/api/users/:id').path, { schema: { params: idParamsSchema, response: { 200: userSchema } } }, (request) =>
    getUser(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.patch(
    findApiRoute('PATCH', '/api/users/:id').path,
    { schema: { params: idParamsSchema, body: userUpdateSchema, response: { 200: userSchema } } },
    (request) => updateUser(ctx, signedInCaller(request.principal), request.params.id, request.body, request.client),
  );

  app.delete(findApiRoute('DELETE', '/api/users/:id').path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteUser(ctx, signedInCaller(request.principal), request.params.id, request.client);
    return reply.code(204).send();
  });
}
