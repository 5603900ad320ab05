import {
  findApiRoute,
  idParamsSchema,
  mySchedulesSchema,
  scheduleCreateSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from '@ams/contracts';
import { signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { SchedulingContext } from '../context.ts';
import { archiveSchedule, assignSchedule, changeSchedule, getSchedule, listSchedulePage, mySchedules } from './schedule-service.ts';

const path = (method: 'GET' | 'POST' | 'PATCH', route: string) => findApiRoute(method, route).path;

/** The gateway checks the permissions of the route table; here: company scope and ownership. */
export function registerScheduleRoutes(app: ServiceApp, ctx: SchedulingContext): void {
  app.get(path('GET', '/api/schedules'), { schema: { querystring: scheduleListQuerySchema, response: { 200: scheduleListSchema } } }, (request) =>
    listSchedulePage(ctx, signedInCaller(request.principal), request.query),
  );

  app.post(path('POST', '/api/schedules'), { schema: { body: scheduleCreateSchema, response: { 201: scheduleSchema } } }, async (request, reply) => {
    const schedule = await assignSchedule(ctx, signedInCaller(request.principal), request.body);
    return reply.code(201).send(schedule);
  });

  app.get(path('GET', '/api/schedules/:id'), { schema: { params: idParamsSchema, response: { 200: scheduleSchema } } }, (request) =>
    getSchedule(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.patch(
    path('PATCH', '/api/schedules/:id'),
    { schema: { params: idParamsSchema, body: scheduleUpdateSchema, response: { 200: scheduleSchema } } },
    (request) => changeSchedule(ctx, signedInCaller(request.principal), request.params.id, request.body),
  );

  app.post(path('POST', '/api/schedules/:id/archive'), { schema: { params: idParamsSchema, response: { 200: scheduleSchema } } }, (request) =>
    archiveSchedule(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.get(path('GET', '/api/me/schedules'), { schema: { response: { 200: mySchedulesSchema } } }, (request) =>
    mySchedules(ctx, signedInCaller(request.principal)),
  );
}
