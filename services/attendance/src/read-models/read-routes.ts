import {
  attendanceHistorySchema,
  attendanceListQuerySchema,
  attendanceListSchema,
  attendanceSchema,
  findApiRoute,
  idParamsSchema,
  myAttendanceQuerySchema,
  presenceSchema,
  type Principal,
} from '@ams/contracts';
import type { ServiceApp, SignedInPrincipal } from '@ams/service-kit';
import { allowedCaller as allowedReader } from '../allowed-caller.ts';
import { onCommitted } from '../commit-signal.ts';
import type { AttendanceContext } from '../context.ts';
import { startProjection } from './projection.ts';
import { attendanceHistory, getAttendance, listAttendance, myAttendance, presence } from './read-model-service.ts';

type ReadRoute = '/api/attendance' | '/api/attendance/presence' | '/api/attendance/:id' | '/api/attendance/:id/history' | '/api/me/attendance';

const allowedCaller = (principal: Principal, route: ReadRoute): SignedInPrincipal =>
  allowedReader(principal, 'GET', route, 'You do not have permission to read this attendance');

const path = (route: ReadRoute) => findApiRoute('GET', route).path;

/** The attendance list, one day, its history, presence and the personal list, all from the read models. */
export function registerReadRoutes(app: ServiceApp, ctx: AttendanceContext): void {
  app.get(path('/api/attendance'), { schema: { querystring: attendanceListQuerySchema, response: { 200: attendanceListSchema } } }, (request) =>
    listAttendance(ctx, allowedCaller(request.principal, '/api/attendance'), request.query),
  );
  app.get(path('/api/attendance/presence'), { schema: { response: { 200: presenceSchema } } }, (request) =>
    presence(ctx, allowedCaller(request.principal, '/api/attendance/presence')),
  );
  app.get(path('/api/attendance/:id'), { schema: { params: idParamsSchema, response: { 200: attendanceSchema } } }, (request) =>
    getAttendance(ctx, allowedCaller(request.principal, '/api/attendance/:id'), request.params.id),
  );
  app.get(path('/api/attendance/:id/history'), { schema: { params: idParamsSchema, response: { 200: attendanceHistorySchema } } }, (request) =>
    attendanceHistory(ctx, allowedCaller(request.principal, '/api/attendance/:id/history'), request.params.id),
  );
  app.get(path('/api/me/attendance'), { schema: { querystring: myAttendanceQuerySchema, response: { 200: attendanceListSchema } } }, (request) =>
    myAttendance(ctx, allowedCaller(request.principal, '/api/me/attendance'), request.query),
  );
}

/** Starts the live projection of the read models; `onError` hears failed batches (they are retried). */
export async function startReadModels(ctx: AttendanceContext, onError: (error: unknown) => void): Promise<{ wake(): void; stop(): Promise<void> }> {
  const projection = startProjection(ctx.pool, onError);
  const unsubscribe = onCommitted(ctx.pool, () => projection.wake());
  return {
    wake: () => projection.wake(),
    async stop() {
      unsubscribe();
      await projection.stop();
    },
  };
}
