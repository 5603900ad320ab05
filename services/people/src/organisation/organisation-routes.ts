import { idParamsSchema, organisationRoutes, type ApiRoute } from '@ams/contracts';
import { scopeOf, signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { listRecords, type OrganisationListQuery } from './organisation-repository.ts';
import { createRecord, deleteOrganisationRecord, getRecord, updateRecordFields } from './organisation-service.ts';
import { companies, departments, jobTitles, leaveGroups, leaveTypes, type RecordType } from './record-types.ts';

type AnyRecordType = RecordType<{ name: string }, { id: string }>;

/** The five CRUD routes of one record type, with the schemas of the route table. */
function registerRecordRoutes(app: ServiceApp, ctx: PeopleContext, type: AnyRecordType): void {
  // Written once for the five types: each route as the table's general row (its item type is the record type's).
  const [list, create, read, update, remove]: readonly [ApiRoute, ApiRoute, ApiRoute, ApiRoute, ApiRoute] = organisationRoutes[type.key];
  app.get(list.path, { schema: { querystring: list.query, response: { 200: list.response } } }, (request) =>
    listRecords(ctx.pool, type, scopeOf(signedInCaller(request.principal)), request.query as OrganisationListQuery),
  );
  app.post(create.path, { schema: { body: create.body, response: { 201: create.response } } }, async (request, reply) => {
    const item = await createRecord(ctx, type, signedInCaller(request.principal), request.body as { name: string });
    return reply.code(201).send(item);
  });
  app.get(read.path, { schema: { params: idParamsSchema, response: { 200: read.response } } }, (request) =>
    getRecord(ctx, type, signedInCaller(request.principal), (request.params as { id: string }).id),
  );
  app.put(update.path, { schema: { params: idParamsSchema, body: update.body, response: { 200: update.response } } }, (request) =>
    updateRecordFields(ctx, type, signedInCaller(request.principal), (request.params as { id: string }).id, request.body as { name: string }),
  );
  app.delete(remove.path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await deleteOrganisationRecord(ctx, type, signedInCaller(request.principal), (request.params as { id: string }).id);
    return reply.code(204).send();
  });
}

export function registerOrganisationRoutes(app: ServiceApp, ctx: PeopleContext): void {
  for (const type of [companies, departments, jobTitles, leaveTypes, leaveGroups]) {
    registerRecordRoutes(app, ctx, type as unknown as AnyRecordType);
  }
}
