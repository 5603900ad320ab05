import { organisationRoutes, type Company, type Department, type JobTitle, type LeaveGroup, type LeaveType } from '@ams/contracts';
import { route, scopeOf, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { listRecords } from './organisation-repository.ts';
import { createRecord, deleteOrganisationRecord, getRecord, updateRecordFields } from './organisation-service.ts';
import { companies, departments, jobTitles, leaveGroups, leaveTypes, type RecordType } from './record-types.ts';

/** Any of the five record types: their routes are written once, and the table's schemas check each answer. */
type AnyRecordType = RecordType<{ name: string }, Company | Department | JobTitle | LeaveType | LeaveGroup>;

/** The five CRUD routes of one record type, under its base path (the path of its list route). */
function registerRecordRoutes(app: ServiceApp, ctx: PeopleContext, type: AnyRecordType): void {
  const base = organisationRoutes[type.key][0].path;
  route(app, `GET ${base}`, ({ caller, query }) => listRecords(ctx.pool, type, scopeOf(caller), query));
  route(app, `POST ${base}`, ({ caller, body }) => createRecord(ctx, type, caller, body));
  route(app, `GET ${base}/:id`, ({ caller, params }) => getRecord(ctx, type, caller, params.id));
  route(app, `PUT ${base}/:id`, ({ caller, params, body }) => updateRecordFields(ctx, type, caller, params.id, body));
  route(app, `DELETE ${base}/:id`, ({ caller, params }) => deleteOrganisationRecord(ctx, type, caller, params.id));
}

export function registerOrganisationRoutes(app: ServiceApp, ctx: PeopleContext): void {
  for (const type of [companies, departments, jobTitles, leaveTypes, leaveGroups]) {
    registerRecordRoutes(app, ctx, type as unknown as AnyRecordType);
  }
}
