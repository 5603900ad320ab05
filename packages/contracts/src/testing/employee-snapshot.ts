import { randomUUID } from 'node:crypto';
import type { EmployeeSnapshot } from '../people/people-events.ts';
import type { ScheduleState } from '../scheduling/schedule-events.ts';

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
    rfidCard: null,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

/** A schedule's state as scheduling announces it: Monday–Friday 09:00–17:00 (7 paid hours) from 2026-01-01. */
export function scheduleState(employee: { employeeId: string; companyId: string }, overrides: Partial<ScheduleState> = {}): ScheduleState {
  return {
    scheduleId: randomUUID(),
    employeeId: employee.employeeId,
    companyId: employee.companyId,
    startTime: '09:00:00.000Z',
    offTime: '17:00:00.000Z',
    totalHours: 7,
    restDays: ['saturday', 'sunday'],
    fromDate: '2026-01-01',
    toDate: null,
    status: 'current',
    ...overrides,
  };
}
