import {
  companyFieldsSchema,
  departmentFieldsSchema,
  jobTitleFieldsSchema,
  leaveGroupFieldsSchema,
  leaveTypeFieldsSchema,
  organisationRoutes,
  type Company,
  type Department,
  type JobTitle,
  type LeaveGroup,
  type LeaveGroupStatus,
  type LeaveType,
  type RouteAccess,
} from '@ams/contracts';
import type { z } from 'zod';
import type { AnswerOf } from '@/lib/api-call';

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

type BaseOf<Key extends RecordKey> = (typeof organisationRoutes)[Key][0]['path'];

/** A record type's four calls, as keys of the route table. */
export interface RecordRoutes<Key extends RecordKey = RecordKey> {
  list: `GET ${BaseOf<Key>}`;
  create: `POST ${BaseOf<Key>}`;
  update: `PUT ${BaseOf<Key>}/:id`;
  remove: `DELETE ${BaseOf<Key>}/:id`;
}

export interface RecordType<Item extends OrganisationRecord = OrganisationRecord> {
  key: RecordKey;
  /** Its routes in the table; they answer with `Item`s (recordType checks the pairing). */
  routes: RecordRoutes;
  /** Who may add, change and remove one (the route table's rules, which the gateway enforces). */
  access: { read: RouteAccess; create: RouteAccess; update: RouteAccess; remove: RouteAccess };
  /** The body schema of its create and update routes. */
  fields: z.ZodType;
  formFields: readonly FieldName[];
  columns: readonly Column<Item>[];
  /** Lists of records that belong to a company can be narrowed to one. */
  companyFilter: boolean;
}

/** The record type whose routes answer with exactly `Item` (so `recordType<Company>('departments', …)` does not compile). */
type KeyOf<Item> = {
  [Key in RecordKey]: [AnswerOf<`GET ${BaseOf<Key>}/:id`>] extends [Item] ? ([Item] extends [AnswerOf<`GET ${BaseOf<Key>}/:id`>] ? Key : never) : never;
}[RecordKey];

function recordType<Item extends OrganisationRecord>(key: KeyOf<Item>, type: Omit<RecordType<Item>, 'key' | 'routes' | 'access'>): RecordType<Item> {
  const [list, create, , update, remove] = organisationRoutes[key];
  return {
    key,
    routes: { list: `GET ${list.path}`, create: `POST ${create.path}`, update: `PUT ${update.path}`, remove: `DELETE ${remove.path}` },
    access: { read: list.access, create: create.access, update: update.access, remove: remove.access },
    ...type,
  };
}

const name: Column<OrganisationRecord> = { label: 'organisation.fields.name', text: (item) => item.name };
const companyName: Column<Department | JobTitle | LeaveType | LeaveGroup> = { label: 'organisation.fields.companyId', text: (item) => item.companyName };

export const recordTypes = {
  companies: recordType<Company>('companies', {
    fields: companyFieldsSchema,
    formFields: ['name'],
    columns: [name],
    companyFilter: false,
  }),
  departments: recordType<Department>('departments', {
    fields: departmentFieldsSchema,
    formFields: ['companyId', 'name'],
    columns: [name, companyName],
    companyFilter: true,
  }),
  jobTitles: recordType<JobTitle>('jobTitles', {
    fields: jobTitleFieldsSchema,
    formFields: ['companyId', 'departmentId', 'name'],
    columns: [name, { label: 'organisation.fields.departmentId', text: (item) => item.departmentName }, companyName],
    companyFilter: true,
  }),
  leaveTypes: recordType<LeaveType>('leaveTypes', {
    fields: leaveTypeFieldsSchema,
    formFields: ['companyId', 'name'],
    columns: [name, companyName],
    companyFilter: true,
  }),
  leaveGroups: recordType<LeaveGroup>('leaveGroups', {
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
