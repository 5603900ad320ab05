import { randomUUID } from 'node:crypto';
import type { EmployeeSnapshot } from '../people/people-events.ts';

/** A valid employee snapshot for consumers' tests; override what the test is about. */
export function employeeSnapshot(overrides: Partial<EmployeeSnapshot> = {}): EmployeeSnapshot {
  return {
    employeeId: randomUUID(),
    companyId: randomUUID(),
    departmentId: randomUUID(),
    jobTitleId: randomUUID(),
    leaveGroupId: randomUUID(),
    firstName: 'Ana',
    lastName: 'Lima',
    email: 'ana.lima@example.com',
    companyEmail: null,
    gender: 'FEMALE',
    civilStatus: null,
    height: null,
    weight: null,
    phoneNumber: null,
    birthday: null,
    nationalId: 'N-1',
    placeOfBirth: null,
    address: null,
    employmentType: 'regular',
    employmentStatus: 'active',
    officialStartDate: null,
    dateRegularized: null,
    hasImage: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
