import { randomUUID } from 'node:crypto';
import { type EventEnvelope } from '@ams/bus';
import { testEvent } from '@ams/bus/testing';
import type { EmployeeSnapshot, LeaveGroupStatus, ScheduleState } from '@ams/contracts';
import { employeeSnapshot, scheduleState } from '@ams/contracts/testing';

/** A company as people would announce it: one leave type in its group, one outside it, and a disabled group. */
export interface CompanyRecords {
  companyId: string;
  /** In the active group. */
  annualTypeId: string;
  /** In no group. */
  unpaidTypeId: string;
  staffGroupId: string;
  /** Disabled, though it lists the annual type. */
  frozenGroupId: string;
}

export function newCompanyRecords(): CompanyRecords {
  return { companyId: randomUUID(), annualTypeId: randomUUID(), unpaidTypeId: randomUUID(), staffGroupId: randomUUID(), frozenGroupId: randomUUID() };
}

function leaveGroupSaved(company: CompanyRecords, leaveGroupId: string, name: string, status: LeaveGroupStatus): EventEnvelope {
  return testEvent('organisation.LeaveGroupSaved', leaveGroupId, {
    leaveGroupId,
    companyId: company.companyId,
    name,
    description: `${name} members`,
    leaveTypeIds: [company.annualTypeId],
    status,
  });
}

/** People's events for the company's leave types and groups. */
export function companyEvents(company: CompanyRecords): EventEnvelope[] {
  return [
    testEvent('organisation.LeaveTypeSaved', company.annualTypeId, { leaveTypeId: company.annualTypeId, companyId: company.companyId, name: 'Annual' }),
    testEvent('organisation.LeaveTypeSaved', company.unpaidTypeId, { leaveTypeId: company.unpaidTypeId, companyId: company.companyId, name: 'Unpaid' }),
    leaveGroupSaved(company, company.staffGroupId, 'Staff', 'active'),
    leaveGroupSaved(company, company.frozenGroupId, 'Frozen', 'disabled'),
  ];
}

/** employee.EmployeeCreated for an employee of the company, in its active group unless overridden. */
export function employeeCreated(company: CompanyRecords, overrides: Partial<EmployeeSnapshot> = {}): EventEnvelope<EmployeeSnapshot> {
  const snapshot = employeeSnapshot({ companyId: company.companyId, leaveGroupId: company.staffGroupId, ...overrides });
  return testEvent('employee.EmployeeCreated', snapshot.employeeId, snapshot);
}

/** schedule.ScheduleAssigned: weekends off from 2026-01-01 on, unless overridden. */
export function scheduleAssigned(employee: { employeeId: string; companyId: string }, overrides: Partial<ScheduleState> = {}): EventEnvelope<ScheduleState> {
  return testEvent('schedule.ScheduleAssigned', employee.employeeId, scheduleState(employee, overrides));
}
