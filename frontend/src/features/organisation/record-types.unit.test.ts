import { describe, expect, it } from 'vitest';
import { enPages } from '../../locales/en-pages';
import { esPages } from '../../locales/es-pages';
import { routeOf } from '../../lib/api-table';
import { recordTypes, valuesOf } from './record-types';
import { issueTexts } from '@/testing/issue-texts';

const companyId = '11111111-1111-4111-8111-111111111111';
const departmentId = '22222222-2222-4222-8222-222222222222';
const leaveTypeId = '33333333-3333-4333-8333-333333333333';

const messagesOf = issueTexts;

function textAt(texts: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
}

describe('organisation record types', () => {
  it('call the API paths of the route table', () => {
    expect(Object.values(recordTypes).map((type) => type.routes.list)).toEqual([
      'GET /api/companies',
      'GET /api/departments',
      'GET /api/job-titles',
      'GET /api/leave-types',
      'GET /api/leave-groups',
    ]);
    expect(recordTypes.jobTitles.routes).toEqual({
      list: 'GET /api/job-titles',
      create: 'POST /api/job-titles',
      update: 'PUT /api/job-titles/:id',
      remove: 'DELETE /api/job-titles/:id',
    });
  });

  it("validate their forms with the body schema of the table's create and update routes", () => {
    for (const type of Object.values(recordTypes)) {
      expect(routeOf(type.routes.create).body, type.key).toBe(type.fields);
      expect(routeOf(type.routes.update).body, type.key).toBe(type.fields);
    }
  });

  it('let only a SuperAdmin add or remove companies, as the route table says, and Admins manage the rest', () => {
    const { companies, departments } = recordTypes;
    expect(companies.access.create).toMatchObject({ accountTypes: ['SuperAdmin'], permissions: ['company.create'] });
    expect(companies.access.remove).toMatchObject({ accountTypes: ['SuperAdmin'], permissions: ['company.delete'] });
    expect(companies.access.update).toMatchObject({ accountTypes: ['SuperAdmin', 'Admin'], permissions: ['company.update'] });
    expect(departments.access.create).toMatchObject({ accountTypes: ['SuperAdmin', 'Admin'], permissions: ['department.create'] });
    expect(recordTypes.jobTitles.access.remove).toMatchObject({ permissions: ['jobTitles.delete'] });
  });

  it('require every field of the spec §5 forms, with the contract messages', () => {
    expect(messagesOf(recordTypes.companies.fields.safeParse(valuesOf(null)))).toEqual({ name: 'Name is required' });
    expect(messagesOf(recordTypes.jobTitles.fields.safeParse(valuesOf(null)))).toEqual({
      name: 'Name is required',
      departmentId: 'Department is required',
      companyId: 'Company is required',
    });
    expect(messagesOf(recordTypes.leaveGroups.fields.safeParse({ ...valuesOf(null), status: '' }))).toEqual({
      name: 'Name is required',
      description: 'Description is required',
      privileges: 'Privilege is required',
      status: 'Status is required',
      companyId: 'Company is required',
    });
  });

  it('send only the fields of the type: one form shape for all five', () => {
    const values = { ...valuesOf(null, { companyId }), name: ' Finance ', departmentId, description: 'x', privileges: [leaveTypeId] };
    expect(recordTypes.departments.fields.parse(values)).toEqual({ name: 'Finance', companyId });
    expect(recordTypes.leaveGroups.fields.parse(values)).toEqual({ name: 'Finance', description: 'x', privileges: [leaveTypeId], status: 'active', companyId });
  });

  it('start an edit from the record, a leave group from its privileges', () => {
    const group = {
      id: departmentId,
      name: 'Standard',
      description: 'Everyone',
      privileges: [{ id: leaveTypeId, name: 'Vacation' }],
      status: 'disabled' as const,
      companyId,
      companyName: 'Acme',
      createdAt: '',
      updatedAt: '',
    };
    expect(valuesOf(group)).toEqual({ name: 'Standard', description: 'Everyone', companyId, departmentId: '', status: 'disabled', privileges: [leaveTypeId] });
    expect(valuesOf({ id: companyId, name: 'Acme', createdAt: '', updatedAt: '' }, { companyId: departmentId }).companyId).toBe(departmentId);
  });

  it('have their texts in both languages', () => {
    const keys = Object.values(recordTypes).flatMap((type) => [
      ...['title', 'addNew', 'newTitle', 'editTitle', 'empty', 'noRead', 'noCreate', 'noUpdate', 'noDelete'].map((text) => `organisation.${type.key}.${text}`),
      ...type.columns.map((column) => column.label),
      ...type.formFields.map((field) => `organisation.fields.${field}`),
    ]);
    for (const texts of [enPages, esPages]) for (const key of keys) expect(typeof textAt(texts, key), key).toBe('string');
  });
});
