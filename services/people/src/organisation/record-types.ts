import { newEvent, type EventEnvelope } from '@ams/bus';
import {
  companyFieldsSchema,
  departmentFieldsSchema,
  jobTitleFieldsSchema,
  leaveGroupFieldsSchema,
  leaveTypeFieldsSchema,
  type Company,
  type Department,
  type JobTitle,
  type LeaveGroup,
  type LeaveType,
  type organisationRoutes,
  type MessageKey,
  type PeopleEventType,
} from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import type { CompanyScope } from '@ams/service-kit';
import type { z } from 'zod';
import { assertCompanyInScope, assertDepartmentInCompany, assertLeaveTypesInCompany } from './references.ts';

/**
 * One kind of organisation record (company, department, job title, leave type, leave group): how it is
 * stored, read, checked and announced. The repository, service and routes are written once over these.
 */
export interface RecordType<TFields extends { name: string }, TItem extends { id: string }> {
  key: keyof typeof organisationRoutes;
  fields: z.ZodType<TFields>;
  table: string;
  /** FROM clause (with joins) whose columns, aliased in camelCase, make the item. */
  from: string;
  columns: string;
  idColumn: string;
  /** The column that says whose record it is. */
  companyColumn: string;
  nameColumn: string;
  /** List filters: query parameter → column. */
  filters: Readonly<Record<string, string>>;
  orderBy: string;
  messages: { notFound: MessageKey; nameTaken: MessageKey; inUse: MessageKey };
  /** Only a SuperAdmin adds or removes these: a company is the boundary of an Admin's world. */
  superAdminOnly?: boolean;
  /** Table columns written from the fields. */
  row(fields: TFields): Record<string, unknown>;
  companyOf(fields: TFields): string | null;
  /** Refuses references outside the caller's scope or the record's own company. */
  checkReferences(tx: PoolClient, scope: CompanyScope, fields: TFields): Promise<void>;
  /** Rows beyond the main one (a leave group's privileges): cleared before an update, written after each save. */
  details?: { clear(tx: PoolClient, id: string): Promise<void>; save(tx: PoolClient, id: string, fields: TFields): Promise<void> };
  saved(item: TItem, now: Date): EventEnvelope;
  deleted(id: string, now: Date): EventEnvelope;
}

const timestamps = (alias: string) => `${alias}.created_at AS "createdAt", ${alias}.updated_at AS "updatedAt"`;
const event = (type: PeopleEventType, key: string, payload: unknown, now: Date) => newEvent(type, key, payload, { now });
const noReferences = async () => {};

export const companies: RecordType<z.infer<typeof companyFieldsSchema>, Company> = {
  key: 'companies',
  fields: companyFieldsSchema,
  table: 'companies',
  from: 'companies c',
  columns: `c.id, c.name, ${timestamps('c')}`,
  idColumn: 'c.id',
  companyColumn: 'c.id',
  nameColumn: 'c.name',
  filters: {},
  orderBy: 'lower(c.name), c.id',
  messages: {
    notFound: 'companyNotFound',
    nameTaken: 'aCompanyWithThisNameAlreadyExists',
    inUse: 'thisCompanyStillHasDepartmentsJobTitles',
  },
  superAdminOnly: true,
  row: (fields) => ({ name: fields.name }),
  companyOf: () => null,
  checkReferences: noReferences,
  saved: (item, now) => event('organisation.CompanySaved', item.id, { companyId: item.id, name: item.name }, now),
  deleted: (id, now) => event('organisation.CompanyDeleted', id, { companyId: id }, now),
};

/**
 * A record that is a name within a company and nothing more (a department, a leave type): stored as `alias` in its
 * table, listed by company then name, announced with its id under `events.idField`.
 */
function namedInCompany<TFields extends { name: string; companyId: string }, TItem extends { id: string; companyId: string; name: string }>(
  type: Pick<RecordType<TFields, TItem>, 'key' | 'fields' | 'table' | 'messages'>,
  alias: string,
  events: { idField: string; saved: PeopleEventType; deleted: PeopleEventType },
): RecordType<TFields, TItem> {
  return {
    ...type,
    from: `${type.table} ${alias} JOIN companies c ON c.id = ${alias}.company_id`,
    columns: `${alias}.id, ${alias}.name, ${alias}.company_id AS "companyId", c.name AS "companyName", ${timestamps(alias)}`,
    idColumn: `${alias}.id`,
    companyColumn: `${alias}.company_id`,
    nameColumn: `${alias}.name`,
    filters: { companyId: `${alias}.company_id` },
    orderBy: `lower(c.name), lower(${alias}.name), ${alias}.id`,
    row: (fields) => ({ name: fields.name, company_id: fields.companyId }),
    companyOf: (fields) => fields.companyId,
    checkReferences: (tx, scope, fields) => assertCompanyInScope(tx, scope, fields.companyId),
    saved: (item, now) => event(events.saved, item.id, { [events.idField]: item.id, companyId: item.companyId, name: item.name }, now),
    deleted: (id, now) => event(events.deleted, id, { [events.idField]: id }, now),
  };
}

export const departments = namedInCompany<z.infer<typeof departmentFieldsSchema>, Department>(
  {
    key: 'departments',
    fields: departmentFieldsSchema,
    table: 'departments',
    messages: { notFound: 'departmentNotFound', nameTaken: 'aDepartmentWithThisNameAlreadyExists', inUse: 'thisDepartmentStillHasJobTitlesOr' },
  },
  'd',
  { idField: 'departmentId', saved: 'organisation.DepartmentSaved', deleted: 'organisation.DepartmentDeleted' },
);

export const jobTitles: RecordType<z.infer<typeof jobTitleFieldsSchema>, JobTitle> = {
  key: 'jobTitles',
  fields: jobTitleFieldsSchema,
  table: 'job_titles',
  from: 'job_titles j JOIN departments d ON d.id = j.department_id JOIN companies c ON c.id = j.company_id',
  columns: `j.id, j.name, j.department_id AS "departmentId", d.name AS "departmentName", j.company_id AS "companyId", c.name AS "companyName", ${timestamps('j')}`,
  idColumn: 'j.id',
  companyColumn: 'j.company_id',
  nameColumn: 'j.name',
  filters: { companyId: 'j.company_id', departmentId: 'j.department_id' },
  orderBy: 'lower(c.name), lower(d.name), lower(j.name), j.id',
  messages: {
    notFound: 'jobTitleNotFound',
    nameTaken: 'aJobTitleWithThisNameAlready',
    inUse: 'thisJobTitleIsStillHeldBy',
  },
  row: (fields) => ({ name: fields.name, department_id: fields.departmentId, company_id: fields.companyId }),
  companyOf: (fields) => fields.companyId,
  async checkReferences(tx, scope, fields) {
    await assertCompanyInScope(tx, scope, fields.companyId);
    await assertDepartmentInCompany(tx, fields.departmentId, fields.companyId);
  },
  saved: (item, now) =>
    event('organisation.JobTitleSaved', item.id, { jobTitleId: item.id, departmentId: item.departmentId, companyId: item.companyId, name: item.name }, now),
  deleted: (id, now) => event('organisation.JobTitleDeleted', id, { jobTitleId: id }, now),
};

export const leaveTypes = namedInCompany<z.infer<typeof leaveTypeFieldsSchema>, LeaveType>(
  {
    key: 'leaveTypes',
    fields: leaveTypeFieldsSchema,
    table: 'leave_types',
    messages: { notFound: 'leaveTypeNotFound', nameTaken: 'aLeaveTypeWithThisNameAlready', inUse: 'thisLeaveTypeIsStillAPrivilege' },
  },
  't',
  { idField: 'leaveTypeId', saved: 'organisation.LeaveTypeSaved', deleted: 'organisation.LeaveTypeDeleted' },
);

type LeaveGroupFields = z.infer<typeof leaveGroupFieldsSchema>;

export const leaveGroups: RecordType<LeaveGroupFields, LeaveGroup> = {
  key: 'leaveGroups',
  fields: leaveGroupFieldsSchema,
  table: 'leave_groups',
  from: 'leave_groups g JOIN companies c ON c.id = g.company_id',
  columns: `g.id, g.name, g.description, g.status, g.company_id AS "companyId", c.name AS "companyName",
    COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY lower(t.name))
              FROM leave_group_privileges p JOIN leave_types t ON t.id = p.leave_type_id
              WHERE p.leave_group_id = g.id), '[]'::json) AS privileges,
    ${timestamps('g')}`,
  idColumn: 'g.id',
  companyColumn: 'g.company_id',
  nameColumn: 'g.name',
  filters: { companyId: 'g.company_id' },
  orderBy: 'lower(c.name), lower(g.name), g.id',
  messages: {
    notFound: 'leaveGroupNotFound',
    nameTaken: 'aLeaveGroupWithThisNameAlready',
    inUse: 'thisLeaveGroupIsStillAssignedTo',
  },
  row: (fields) => ({ name: fields.name, description: fields.description, status: fields.status, company_id: fields.companyId }),
  companyOf: (fields) => fields.companyId,
  async checkReferences(tx, scope, fields) {
    await assertCompanyInScope(tx, scope, fields.companyId);
    await assertLeaveTypesInCompany(tx, fields.privileges, fields.companyId);
  },
  // The privileges are replaced as a whole: the form sends the full list.
  details: {
    clear: async (tx, id) => void (await tx.query('DELETE FROM leave_group_privileges WHERE leave_group_id = $1', [id])),
    save: async (tx, id, fields) =>
      void (await tx.query(
        `INSERT INTO leave_group_privileges (leave_group_id, leave_type_id, company_id)
         SELECT $1, type_id, $3 FROM unnest($2::uuid[]) AS type_id`,
        [id, fields.privileges, fields.companyId],
      )),
  },
  saved: (item, now) =>
    event(
      'organisation.LeaveGroupSaved',
      item.id,
      {
        leaveGroupId: item.id,
        companyId: item.companyId,
        name: item.name,
        description: item.description,
        leaveTypeIds: item.privileges.map((privilege) => privilege.id),
        status: item.status,
      },
      now,
    ),
  deleted: (id, now) => event('organisation.LeaveGroupDeleted', id, { leaveGroupId: id }, now),
};
