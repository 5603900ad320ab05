import {
  findApiRoute,
  idParamsSchema,
  leaveDecisionSchema,
  leaveListQuerySchema,
  leaveListSchema,
  leaveRequestSchema,
  leaveSchema,
  myLeaveListQuerySchema,
} from '@ams/contracts';
import { signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { LeaveContext } from '../context.ts';
import { changeMyLeave, decideLeave, getLeave, getMyLeave, listLeavePage, listMyLeaves, requestLeave, withdrawMyLeave } from './leave-service.ts';

const path = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', route: string) => findApiRoute(method, route).path;

export function registerLeaveRoutes(app: ServiceApp, ctx: LeaveContext): void {
  app.get(path('GET', '/api/leaves'), { schema: { querystring: leaveListQuerySchema, response: { 200: leaveListSchema } } }, (request) =>
    listLeavePage(ctx, signedInCaller(request.principal), request.query),
  );

  app.get(path('GET', '/api/leaves/:id'), { schema: { params: idParamsSchema, response: { 200: leaveSchema } } }, (request) =>
    getLeave(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.put(
    path('PUT', '/api/leaves/:id/decision'),
    { schema: { params: idParamsSchema, body: leaveDecisionSchema, response: { 200: leaveSchema } } },
    (request) => decideLeave(ctx, signedInCaller(request.principal), request.params.id, request.body),
  );

  app.get(path('GET', '/api/me/leaves'), { schema: { querystring: myLeaveListQuerySchema, response: { 200: leaveListSchema } } }, (request) =>
    listMyLeaves(ctx, signedInCaller(request.principal), request.query),
  );

  app.post(path('POST', '/api/me/leaves'), { schema: { body: leaveRequestSchema, response: { 201: leaveSchema } } }, async (request, reply) => {
    const leave = await requestLeave(ctx, signedInCaller(request.principal), request.body);
    return reply.code(201).send(leave);
  });

  app.get(path('GET', '/api/me/leaves/:id'), { schema: { params: idParamsSchema, response: { 200: leaveSchema } } }, (request) =>
    getMyLeave(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.put(path('PUT', '/api/me/leaves/:id'), { schema: { params: idParamsSchema, body: leaveRequestSchema, response: { 200: leaveSchema } } }, (request) =>
    changeMyLeave(ctx, signedInCaller(request.principal), request.params.id, request.body),
  );

  app.delete(path('DELETE', '/api/me/leaves/:id'), { schema: { params: idParamsSchema } }, async (request, reply) => {
    await withdrawMyLeave(ctx, signedInCaller(request.principal), request.params.id);
    return reply.code(204).send();
  });
}
