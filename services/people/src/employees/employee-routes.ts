import { formatMessage } from '@ams/contracts';
import { route, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import {
  changeEmploymentStatus,
  changePin,
  createEmployee,
  deleteEmployeesAtOnce,
  getEmployee,
  listEmployeePage,
  updateEmployeeFields,
} from './employee-service.ts';
import { eraseEmployee } from './erasure.ts';
import { changeOwnPin } from './own-pin.ts';

export function registerEmployeeRoutes(app: ServiceApp, ctx: PeopleContext): void {
  route(app, 'GET /api/employees', ({ caller, query }) => listEmployeePage(ctx, caller, query));
  route(app, 'POST /api/employees', ({ caller, body }) => createEmployee(ctx, caller, body));
  route(app, 'POST /api/employees/bulk-delete', async ({ caller, body }) => ({ deleted: await deleteEmployeesAtOnce(ctx, caller, body.ids) }));
  route(app, 'GET /api/employees/:id', ({ caller, params }) => getEmployee(ctx, caller, params.id));
  route(app, 'PATCH /api/employees/:id', ({ caller, params, body }) => updateEmployeeFields(ctx, caller, params.id, body));
  route(app, 'DELETE /api/employees/:id', async ({ caller, params }) => {
    await deleteEmployeesAtOnce(ctx, caller, [params.id]);
  });
  route(app, 'POST /api/employees/:id/archive', ({ caller, params }) => changeEmploymentStatus(ctx, caller, params.id, 'archived'));
  route(app, 'POST /api/employees/:id/restore', ({ caller, params }) => changeEmploymentStatus(ctx, caller, params.id, 'active'));
  route(app, 'PUT /api/employees/:id/pin', async ({ caller, params, body }) => {
    await changePin(ctx, caller, params.id, body.pin);
    return { message: formatMessage('pinSaved') };
  });
  route(app, 'PUT /api/me/pin', async ({ caller, body }) => {
    await changeOwnPin(ctx, caller, body.currentPin, body.pin);
    return { message: formatMessage('pinSaved') };
  });
  route(app, 'POST /api/employees/:id/erase', ({ caller, params }) => eraseEmployee(ctx, caller, params.id));
  route(app, 'DELETE /api/employees/:id/pin', ({ caller, params }) => changePin(ctx, caller, params.id, null));
}
