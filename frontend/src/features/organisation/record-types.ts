import {
  companyFieldsSchema,
  companyListSchema,
  companySchema,
  departmentFieldsSchema,
  departmentListSchema,
  departmentSchema,
  jobTitleFieldsSchema,
  jobTitleListSchema,
  jobTitleSchema,
  leaveGroupFieldsSchema,
  leaveGroupListSchema,
  leaveGroupSchema,
  leaveTypeFieldsSchema,
  leaveTypeListSchema,
  leaveTypeSchema,
  organisationRoutes,
  type Company,
  type Department,
  type ApiRoute,
  type HttpMethod,
  type JobTitle,
  type LeaveGroup,
  type LeaveGroupStatus,
  type LeaveType,
  type RouteAccess,
} from '@ams/contracts';
import type { z } from 'zod';

export type RecordKey = keyof typeof organisationRoutes;
export type OrganisationRecord = Company | Department | JobTitle | LeaveType | LeaveGroup;

/** What the record form edits. One shape for every type: each type's fields schema keeps only its own fields. */
export interface RecordValues extends Record<string, unknown> {
  name: string;
  description: string;
  companyId: string;
  departmentId: string;
  status: LeaveGroupStatus | '';
  privileges: string[];
}

/** A form control; a type lists its own in the order they are shown. */
export type FieldName = 'name' | 'description' | 'companyId' | 'departmentId' | 'status' | 'privileges';

/** A list column: its label (i18n key) and its text; `status` columns show a translated badge. */
export interface Column<Item> {
  label: string;
  text: (item: Item) => string;
  kind?: 'status';
}

export interface RecordType<Item extends OrganisationRecord = OrganisationRecord> {
  key: RecordKey;
  /** The API path under /api, from the route table. */
  endpoint: string;
  /** Who may add, change and remove one (the route table's rules, which the gateway enforces). */
  access: { read: RouteAccess; create: RouteAccess; update: RouteAccess; remove: RouteAccess };
  list: z.ZodType<{ items: Item[]; total: number }>;
  item: z.ZodType<Item>;
  fields: z.ZodType;
  formFields: readonly FieldName[];
  columns: readonly Column<Item>[];
  /** Lists of records that belong to a company can be narrowed to one. */
  companyFilter: boolean;
}

function routeOf(key: RecordKey, method: HttpMethod, withId: boolean) {
  const routes: readonly ApiRoute[] = organisationRoutes[key];
  const route = routes.find((candidate) => candidate.method === method && candidate.path.endsWith('/:id') === withId);
  if (!route) throw new Error(`No ${method} route for ${key}`);
  return route;
}

function recordType<Item extends OrganisationRecord>(key: RecordKey, type: Omit<RecordType<Item>, 'key' | 'endpoint' | 'access'>): RecordType<Item> {
  const list = routeOf(key, 'GET', false);
  return {
    key,
    endpoint: list.path.replace(/^\/api\//, ''),
    access: { read: list.access, create: routeOf(key, 'POST', false).access, update: routeOf(key, 'PUT', true).access, remove: routeOf(key, 'DELETE', true).access },
    ...type,
  };
}

const name: Column<OrganisationRecord> = { label: 'organisation.fields.name', text: (item) => item.name };
const companyName: Column<Department | JobTitle | LeaveType | LeaveGroup> = { label: 'organisation.fields.companyId', text: (item) => item.companyName };

export const recordTypes = {
  companies: recordType<Company>('companies', {
    list: companyListSchema,
    item: companySchema,
    fields: companyFieldsSchema,
    formFields: ['name'],
    columns: [name],
    companyFilter: false,
  }),
  departments: recordType<Department>('departments', {
    list: departmentListSchema,
    item: departmentSchema,
    fields: departmentFieldsSchema,
    formFields: ['companyId', 'name'],
    columns: [name, companyName],
    companyFilter: true,
  }),
  jobTitles: recordType<JobTitle>('jobTitles', {
    list: jobTitleListSchema,
    item: jobTitleSchema,
    fields: jobTitleFieldsSchema,
    formFields: ['companyId', 'departmentId', 'name'],
    columns: [name, { label: 'organisation.fields.departmentId', text: (item) => item.departmentName }, companyName],
    companyFilter: true,
  }),
  leaveTypes: recordType<LeaveType>('leaveTypes', {
    list: leaveTypeListSchema,
    item: leaveTypeSchema,
    fields: leaveTypeFieldsSchema,
    formFields: ['companyId', 'name'],
    columns: [name, companyName],
    companyFilter: true,
  }),
  leaveGroups: recordType<LeaveGroup>('leaveGroups', {
    list: leaveGroupListSchema,
    item: leaveGroupSchema,
    fields: leaveGroupFieldsSchema,
    formFields: ['companyId', 'name', 'description', 'privileges', 'status'],
    columns: [
      name,
      { label: 'organisation.fields.description', text: (item) => item.description },
      { label: 'organisation.fields.privileges', text: (item) => item.privileges.map((privilege) => privilege.name).join(', ') },
      { label: 'organisation.fields.status', text: (item) => item.status, kind: 'status' },
      companyName,
    ],
    companyFilter: true,
  }),
};

/** The form's starting values: the record's own, or empty ones (a new leave group starts active). */
export function valuesOf(item: OrganisationRecord | null, defaults: { companyId?: string } = {}): RecordValues {
  return {
    name: item?.name ?? '',
    description: item && 'description' in item ? item.description : '',
    companyId: item && 'companyId' in item ? item.companyId : (defaults.companyId ?? ''),
    departmentId: item && 'departmentId' in item ? item.departmentId : '',
    status: item && 'status' in item ? item.status : 'active',
    privileges: item && 'privileges' in item ? item.privileges.map((privilege) => privilege.id) : [],
  };
}
