import type { Principal } from '@ams/contracts';
import { superAdmin } from '@ams/contracts/testing';
import { asCaller } from '@ams/service-kit/testing';
import { startPeople, type PeopleHarness, type StartPeopleOptions } from './people-harness.ts';

export interface CompanyFixture {
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  leaveTypeId: string;
  leaveGroupId: string;
}

async function post(people: PeopleHarness, principal: Principal, url: string, payload: object): Promise<string> {
  const response = await people.app.inject({ method: 'POST', url, headers: asCaller(principal), payload });
  if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json<{ id: string }>().id;
}

/** A company with one department, job title, leave type and leave group, made through the API. */
export async function createCompanyFixture(people: PeopleHarness, name: string): Promise<CompanyFixture> {
  const companyId = await post(people, superAdmin, '/api/companies', { name });
  const departmentId = await post(people, superAdmin, '/api/departments', { name: 'Operations', companyId });
  const jobTitleId = await post(people, superAdmin, '/api/job-titles', { name: 'Operator', companyId, departmentId });
  const leaveTypeId = await post(people, superAdmin, '/api/leave-types', { name: 'Annual', companyId });
  const leaveGroupId = await post(people, superAdmin, '/api/leave-groups', {
    name: 'Staff',
    description: 'Everyone',
    status: 'active',
    companyId,
    privileges: [leaveTypeId],
  });
  return { companyId, departmentId, jobTitleId, leaveTypeId, leaveGroupId };
}

/** The required fields of an employee placed in the fixture's company. */
export function employeeFields(company: CompanyFixture, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const suffix = Math.random().toString(36).slice(2, 8);
  return {
    firstName: 'Ana',
    lastName: 'Lima',
    gender: 'FEMALE',
    email: `ana.${suffix}@example.com`,
    nationalId: `ID-${suffix}`,
    companyId: company.companyId,
    departmentId: company.departmentId,
    jobTitleId: company.jobTitleId,
    leaveGroupId: company.leaveGroupId,
    employmentType: 'regular',
    ...overrides,
  };
}

export interface TwoCompanies {
  people: PeopleHarness;
  acme: CompanyFixture;
  globex: CompanyFixture;
}

/** The people service with two companies, Acme and Globex, to test that each sees only its own. */
export async function startPeopleWithTwoCompanies(options: StartPeopleOptions = {}): Promise<TwoCompanies> {
  const people = await startPeople(options);
  return { people, acme: await createCompanyFixture(people, 'Acme'), globex: await createCompanyFixture(people, 'Globex') };
}
