import {
  bulkDeletedSchema,
  employeeBulkDeleteSchema,
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeSchema,
  employeeUpdateSchema,
  findApiRoute,
  idParamsSchema,
  messageSchema,
  pinChangeSchema,
} from '@ams/contracts';
import { signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import {
  changeEmploymentStatus,
  changePin,
  createEmployee,
  deleteEmployeesAtOnce,
  getEmployee,
  listEmployeePage,
  PIN_SAVED,
  updateEmployeeFields,
} from './employee-service.ts';

const path = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', route: string) => findApiRoute(method, route).path;

export function registerEmployeeRoutes(app: ServiceApp, ctx: PeopleContext): void {
  app.get(path('GET', '/api/employees'), { schema: { querystring: employeeListQuerySchema, response: { 200: employeeListSchema } } }, (request) =>
    listEmployeePage(ctx, signedInCaller(request.principal), request.query),
  );

  app.post(path('POST', '/api/employees'), { schema: { body: employeeCreateSchema, response: { 201: employeeSchema } } }, async (request, reply) => {
    const employee = await createEmployee(ctx, signedInCaller(request.principal), request.body);
    return reply.code(201).send(employee);
  });

  app.post(path('POST', '/api/employees/bulk-delete'), { schema: { body: employeeBulkDeleteSchema, response: { 200: bulkDeletedSchema } } }, async (request) => ({
    deleted: await deleteEmployeesAtOnce(ctx, signedInCaller(request.principal), request.body.ids),
  }));

  app.get(path('GET', '/api/employees/:id'), { schema: { params: idParamsSchema, response: { 200: employeeSchema } } }, (request) =>
    getEmployee(ctx, signedInCaller(request.principal), request.params.id),
  );

  app.patch(
    path('PATCH', '/api/employees/:id'),
    { schema: { params: idParamsSchema, body: employeeUpdateSchema, response: { 200: employeeSchema } } },
    (request) => updateEmployeeFields(ctx, signedInCaller(request.principal), request.params.id, request.body),
  );

  app.delete(path('DELETE', '/api/employees/:id'), { schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteEmployeesAtOnce(ctx, signedInCaller(request.principal), [request.params.id]);
    return reply.code(204).send();
  });

  app.post(path('POST', '/api/employees/:id/archive'), { schema: { params: idParamsSchema, response: { 200: employeeSchema } } }, (request) =>
    changeEmploymentStatus(ctx, signedInCaller(request.principal), request.params.id, 'archived'),
  );

  app.post(path('POST', '/api/employees/:id/restore'), { schema: { params: idParamsSchema, response: { 200: employeeSchema } } }, (request) =>
    changeEmploymentStatus(ctx, signedInCaller(request.principal), request.params.id, 'active'),
  );

  app.put(path('PUT', '/api/employees/:id/pin'), { schema: { params: idParamsSchema, body: pinChangeSchema, response: { 200: messageSchema } } }, async (request) => {
    await changePin(ctx, signedInCaller(request.principal), request.params.id, request.body.pin);
    return { message: PIN_SAVED };
  });

  app.delete(path('DELETE', '/api/employees/:id/pin'), { schema: { params: idParamsSchema } }, async (request, reply) => {
    await changePin(ctx, signedInCaller(request.principal), request.params.id, null);
    return reply.code(204).send();
  });
}
