import type { ApiClient } from './api.ts';
import type { Created, Workplace } from '../../packages/contracts/src/testing/workplace.ts';

export { createWorkplace, type Workplace } from '../../packages/contracts/src/testing/workplace.ts';

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

/**
 * An employee's user account in the workplace's company. Identity learns of a new employee from people's
 * events, a moment after the answer that created them: tried again until it has.
 */
export async function createEmployeeUser(
  api: ApiClient,
  workplace: Workplace,
  user: { name: string; email: string; roleId: string; password: string; employeeId: string },
): ReturnType<ApiClient['createUser']> {
  return eventually(`the user of ${user.email}`, () => api.createUser({ ...user, accountType: 'Employee', companyId: workplace.companyId }));
}

/**
 * An Admin account, with the seeded Admin role, of the workplace's company. Identity learns of a new company
 * from people's events, a moment after the answer that created it: tried again until it has.
 */
export async function createCompanyAdmin(
  api: ApiClient,
  workplace: Workplace,
  admin: { name: string; email: string; password: string },
): ReturnType<ApiClient['createUser']> {
  const adminRole = await api.roleNamed('Admin');
  return eventually(`the user of ${admin.email}`, () =>
    api.createUser({ ...admin, accountType: 'Admin', roleId: adminRole.id, companyId: workplace.companyId }),
  );
}

/**
 * A schedule from 2026-01-01 on, every day of the week (times are wall-clock times in the company's zone).
 * Scheduling learns of a new employee from people's events, a moment after the answer that created them
 * (longer on a loaded machine): 'Employee not found' is tried again until it has.
 */
export async function createSchedule(api: ApiClient, employeeId: string, startTime: string, offTime: string, totalHours: number): Promise<void> {
  await eventually(
    'scheduling knowing the employee',
    async () => {
      try {
        await api.call('POST', 'schedules', { employeeId, startTime, offTime, totalHours, restDays: [], fromDate: '2026-01-01' });
        return null;
      } catch (error) {
        if (String(error).includes('employeeNotFound')) throw error;
        return error;
      }
    },
    { tries: 60 },
  ).then((failure) => {
    if (failure !== null) throw failure;
  });
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
