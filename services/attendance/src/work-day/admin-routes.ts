import { attendanceAmendSchema, attendanceDeleteSchema, attendanceRecordSchema, attendanceSchema, findApiRoute, idParamsSchema } from '@ams/contracts';
import { signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { amendDay, deleteDay, recordDay } from './work-day-service.ts';

/** An admin's corrections: each needs a reason and records who made it. */
export function registerAdminRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  app.post(findApiRoute('POST', '/api/attendance').path, { schema: { body: attendanceRecordSchema, response: { 201: attendanceSchema } } }, async (request, reply) => {
    const attendance = await recordDay(ctx, signedInCaller(request.principal), request.body);
    return reply.code(201).send(attendance);
  });
  app.patch(
    findApiRoute('PATCH', '/api/attendance/:id').path,
    { schema: { params: idParamsSchema, body: attendanceAmendSchema, response: { 200: attendanceSchema } } },
    (request) => amendDay(ctx, signedInCaller(request.principal), request.params.id, request.body),
  );
  app.delete(findApiRoute('DELETE', '/api/attendance/:id').path, { schema: { params: idParamsSchema, body: attendanceDeleteSchema } }, async (request, reply) => {
    await deleteDay(ctx, signedInCaller(request.principal), request.params.id, request.body.reason);
    return reply.code(204).send();
  });
}
