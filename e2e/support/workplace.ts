import type { ApiClient } from './api.ts';

interface Created {
  id: string;
}

export interface Workplace {
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  leaveGroupId: string;
}

/** Company → department → job title → leave type → leave group: what an employee needs. */
export async function createWorkplace(api: ApiClient, suffix: string): Promise<Workplace> {
  const company = await api.call<Created>('POST', 'companies', { name: `Works ${suffix}` });
  const department = await api.call<Created>('POST', 'departments', { name: `Floor ${suffix}`, companyId: company.id });
  const jobTitle = await api.call<Created>('POST', 'job-titles', { name: `Operator ${suffix}`, departmentId: department.id, companyId: company.id });
  const leaveType = await api.call<Created>('POST', 'leave-types', { name: `Holiday ${suffix}`, companyId: company.id });
  const leaveGroup = await api.call<Created>('POST', 'leave-groups', { name: `Shift ${suffix}`, description: 'Staff', privileges: [leaveType.id], status: 'active', companyId: company.id });
  return { companyId: company.id, departmentId: department.id, jobTitleId: jobTitle.id, leaveGroupId: leaveGroup.id };
}

export interface NewEmployee {
  firstName: string;
  lastName: string;
  email: string;
  nationalId: string;
  pin?: string;
}

export async function createEmployee(api: ApiClient, workplace: Workplace, employee: NewEmployee): Promise<Created> {
  return api.call<Created>('POST', 'employees', { ...employee, gender: 'FEMALE', employmentType: 'regular', ...workplace });
}

/** A schedule from 2026-01-01 on, every day of the week (times are wall-clock times in the company's zone). */
export async function createSchedule(api: ApiClient, employeeId: string, startTime: string, offTime: string, totalHours: number): Promise<void> {
  await api.call('POST', 'schedules', { employeeId, startTime, offTime, totalHours, restDays: [], fromDate: '2026-01-01' });
}

/**
 * Tries `attempt` until it settles without throwing: services learn of each other's records from events, a
 * moment after the answer that created them.
 */
export async function eventually<T>(what: string, attempt: () => Promise<T>, { tries = 20, delayMs = 500 } = {}): Promise<T> {
  for (let count = 1; ; count += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (count >= tries) throw new Error(`${what}: still failing after ${tries} tries`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
  }
}
