import {
  defaultKioskNotice,
  formatMessage,
  fullName,
  type Company,
  type Department,
  type Employee,
  type EmployeeCreate,
  type JobTitle,
  type LeaveGroup,
  type LeaveType,
} from '@ams/contracts';
import { findOr404, MockProblem, pageOf, removeOr404, type Answers, type KeysOf } from './answer-types';
import { crudAnswers } from './crud-answers';
import type { MockDb } from './mock-db';

function companyName(db: MockDb, companyId: string): string {
  return findOr404(db.companies, companyId, 'companyNotFound').name;
}

/** A record's id and times: kept from the record it replaces, else new; updated now. */
function stamps(db: MockDb, existing?: { id: string; createdAt: string }): { id: string; createdAt: string; updatedAt: string } {
  return { id: existing?.id ?? crypto.randomUUID(), createdAt: existing?.createdAt ?? db.now, updatedAt: db.now };
}

function company(db: MockDb, fields: { name: string }, existing?: Company): Company {
  return { ...stamps(db, existing), name: fields.name };
}

function department(db: MockDb, fields: { name: string; companyId: string }, existing?: Department): Department {
  return { ...stamps(db, existing), ...fields, companyName: companyName(db, fields.companyId) };
}

function jobTitle(db: MockDb, fields: { name: string; companyId: string; departmentId: string }, existing?: JobTitle): JobTitle {
  const departmentName = findOr404(db.departments, fields.departmentId, 'departmentNotFound').name;
  return { ...stamps(db, existing), ...fields, departmentName, companyName: companyName(db, fields.companyId) };
}

function leaveType(db: MockDb, fields: { name: string; companyId: string }, existing?: LeaveType): LeaveType {
  return { ...stamps(db, existing), ...fields, companyName: companyName(db, fields.companyId) };
}

function leaveGroup(
  db: MockDb,
  fields: Omit<LeaveGroup, 'id' | 'privileges' | 'companyName' | 'createdAt' | 'updatedAt'> & { privileges: string[] },
  existing?: LeaveGroup,
): LeaveGroup {
  const privileges = fields.privileges.map((id) => ({ id, name: findOr404(db.leaveTypes, id, 'leaveTypeNotFound').name }));
  return { ...stamps(db, existing), ...fields, privileges, companyName: companyName(db, fields.companyId) };
}

/** Replaces the record in place (lists keep their order). */
function replace<Item extends { id: string }>(items: Item[], item: Item): Item {
  items.splice(
    items.findIndex((each) => each.id === item.id),
    1,
    item,
  );
  return item;
}

/** An employee record from the form's fields, with the names the lists show. */
function employeeOf(db: MockDb, fields: EmployeeCreate, existing?: Employee): Employee {
  const { pin, commandId: _commandId, ...rest } = fields;
  const birthday = fields.birthday ?? null;
  return {
    civilStatus: null,
    height: null,
    weight: null,
    phoneNumber: null,
    placeOfBirth: null,
    address: null,
    companyEmail: null,
    officialStartDate: null,
    dateRegularized: null,
    rfidCard: null,
    image: null,
    thumbnail: null,
    faceEnrolled: false,
    employmentStatus: 'active',
    createdAt: db.now,
    ...existing,
    ...rest,
    id: existing?.id ?? crypto.randomUUID(),
    birthday,
    fullName: fullName(fields),
    age: birthday ? Number(db.today.slice(0, 4)) - Number(birthday.slice(0, 4)) - (db.today.slice(5) < birthday.slice(5) ? 1 : 0) : null,
    companyName: companyName(db, fields.companyId),
    departmentName: findOr404(db.departments, fields.departmentId, 'departmentNotFound').name,
    jobTitleName: findOr404(db.jobTitles, fields.jobTitleId, 'jobTitleNotFound').name,
    leaveGroupName: findOr404(db.leaveGroups, fields.leaveGroupId, 'leaveGroupNotFound').name,
    hasPin: Boolean(pin) || (existing?.hasPin ?? false),
    updatedAt: db.now,
  };
}

function checkEmployeeUnique(db: MockDb, fields: { email: string; nationalId: string; companyId: string }, id?: string): void {
  if (db.employees.some((each) => each.id !== id && each.email === fields.email)) throw new MockProblem(409, 'anEmployeeWithThisEmailAlreadyExists');
  if (db.employees.some((each) => each.id !== id && each.companyId === fields.companyId && each.nationalId === fields.nationalId))
    throw new MockProblem(409, 'anEmployeeWithThisNationalIdAlready');
}

const employee = (db: MockDb, id: string | undefined) => findOr404(db.employees, id, 'employeeNotFound');
const safeguarding = { kioskNotice: defaultKioskNotice, retentionDays: 30, updatedAt: null };

export const peopleAnswers: Answers<KeysOf<'people'>> = {
  'PUT /api/me/pin': () => ({ message: formatMessage('pinSaved') }),
  ...crudAnswers({
    path: '/api/companies',
    items: (db) => db.companies,
    build: company,
    notFound: 'companyNotFound',
    taken: 'aCompanyWithThisNameAlreadyExists',
  }),
  ...crudAnswers({
    path: '/api/departments',
    items: (db) => db.departments,
    build: department,
    notFound: 'departmentNotFound',
    taken: 'aDepartmentWithThisNameAlreadyExists',
  }),
  ...crudAnswers({ path: '/api/job-titles', items: (db) => db.jobTitles, build: jobTitle, notFound: 'jobTitleNotFound' }),
  ...crudAnswers({
    path: '/api/leave-types',
    items: (db) => db.leaveTypes,
    build: leaveType,
    notFound: 'leaveTypeNotFound',
    taken: 'aLeaveTypeWithThisNameAlready',
  }),
  ...crudAnswers({
    path: '/api/leave-groups',
    items: (db) => db.leaveGroups,
    build: leaveGroup,
    notFound: 'leaveGroupNotFound',
    taken: 'aLeaveGroupWithThisNameAlready',
  }),
  'GET /api/employees': ({ db, query }) => {
    const { status, sort, order, ...filters } = query;
    const sorted = db.employees
      .filter((each) => each.employmentStatus === status)
      .toSorted((a, b) => String(a[sort] ?? '').localeCompare(String(b[sort] ?? '')) * (order === 'desc' ? -1 : 1));
    return pageOf(sorted, filters);
  },
  'POST /api/employees': ({ db, body }) => {
    checkEmployeeUnique(db, body);
    const created = employeeOf(db, body);
    db.employees.push(created);
    return created;
  },
  'POST /api/employees/bulk-delete': ({ db, body }) => {
    const before = db.employees.length;
    db.employees = db.employees.filter((each) => !body.ids.includes(each.id));
    return { deleted: before - db.employees.length };
  },
  'GET /api/employees/:id': ({ db, params }) => employee(db, params.id),
  'PATCH /api/employees/:id': ({ db, params, body }) => {
    const existing = employee(db, params.id);
    const fields = { ...existing, ...body };
    checkEmployeeUnique(db, fields, existing.id);
    return replace(db.employees, employeeOf(db, { ...fields, pin: body.pin }, existing));
  },
  'DELETE /api/employees/:id': ({ db, params }) => void removeOr404(db.employees, params.id, 'employeeNotFound'),
  'POST /api/employees/:id/archive': ({ db, params }) => {
    const archived = employee(db, params.id);
    if (archived.employmentStatus === 'archived') throw new MockProblem(409, 'thisEmployeeIsAlreadyArchived');
    return Object.assign(archived, { employmentStatus: 'archived' as const, updatedAt: db.now });
  },
  'POST /api/employees/:id/restore': ({ db, params }) => Object.assign(employee(db, params.id), { employmentStatus: 'active' as const, updatedAt: db.now }),
  'PUT /api/employees/:id/pin': ({ db, params }) => {
    Object.assign(employee(db, params.id), { hasPin: true });
    return { message: formatMessage('pinSaved') };
  },
  'DELETE /api/employees/:id/pin': ({ db, params }) => void Object.assign(employee(db, params.id), { hasPin: false }),
  // The mock keeps no photos: an upload is recorded as enrolled, the image routes answer an empty image.
  'PUT /api/employees/:id/image': ({ db, params }) =>
    Object.assign(employee(db, params.id), {
      image: `/api/employees/${params.id}/image`,
      thumbnail: `/api/employees/${params.id}/thumbnail`,
      faceEnrolled: true,
    }),
  'DELETE /api/employees/:id/image': ({ db, params }) => void Object.assign(employee(db, params.id), { image: null, thumbnail: null, faceEnrolled: false }),
  'GET /api/employees/:id/image': ({ db, params }) => (employee(db, params.id), { raw: new Uint8Array(), contentType: 'image/webp' }),
  'GET /api/employees/:id/thumbnail': ({ db, params }) => (employee(db, params.id), { raw: new Uint8Array(), contentType: 'image/webp' }),
  'POST /api/employees/:id/erase': ({ db, params }) => {
    const erased = employee(db, params.id);
    const lastName = erased.id.replaceAll('-', '').slice(0, 4);
    return Object.assign(erased, {
      firstName: 'Erased employee',
      lastName,
      fullName: `Erased employee ${lastName}`,
      email: `erased-${erased.id}@erased.invalid`,
      phoneNumber: null,
      address: null,
      birthday: null,
      age: null,
      image: null,
      thumbnail: null,
      faceEnrolled: false,
    });
  },
  'GET /api/settings': ({ db, query }) => ({ ...db.settings, companyId: query.companyId ?? null }),
  'PUT /api/settings': ({ db, body }) => {
    const { companyId, ...fields } = body;
    Object.assign(db.settings, fields, { customised: companyId !== undefined && companyId !== null, updatedAt: db.now });
    return { message: formatMessage('settingsSaved'), settings: db.settings };
  },
  'GET /api/settings/safeguarding': () => safeguarding,
  'PUT /api/settings/safeguarding': ({ db, body }) => ({ ...safeguarding, ...body, updatedAt: db.now }),
  'GET /api/settings/face-clocking': ({ query }) => ({ companyId: query.companyId, enabled: true, updatedAt: null }),
  'PUT /api/settings/face-clocking': ({ db, body }) => ({
    companyId: body.companyId,
    enabled: body.enabled,
    updatedAt: db.now,
    templatesDeleted: 0,
    photosDeleted: 0,
  }),
  'GET /api/clock/notice': () => ({ kioskNotice: defaultKioskNotice }),
};
