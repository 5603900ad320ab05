import { erasureOf, isEmployeeSnapshotEvent, peopleEvents, workTimeRulesChangeOf, type EventEnvelope, type PeopleEventType } from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { deleteDaysOf, recomputeDays } from '../day-figures/day-figures-store.ts';
import { requestRecompute } from '../day-figures/recompute-jobs.ts';

function isPeopleEvent(type: string): type is PeopleEventType {
  return Object.hasOwn(peopleEvents, type);
}

async function upsertEmployee(tx: PoolClient, payload: unknown): Promise<void> {
  const e = peopleEvents['employee.EmployeeUpdated'].parse(payload);
  const { rows: before } = await tx.query<{ companyId: string }>('SELECT company_id AS "companyId" FROM employees WHERE employee_id = $1', [e.employeeId]);
  await tx.query(
    `INSERT INTO employees (employee_id, company_id, department_id, job_title_id, first_name, last_name, employment_status, birthday, created_at, snapshot)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (employee_id) DO UPDATE SET company_id = $2, department_id = $3, job_title_id = $4, first_name = $5, last_name = $6,
       employment_status = $7, birthday = $8, created_at = $9, snapshot = $10`,
    [e.employeeId, e.companyId, e.departmentId, e.jobTitleId, e.firstName, e.lastName, e.employmentStatus, e.birthday, e.createdAt, JSON.stringify(e)],
  );
  // New here (their days may have come first, on other topics), or in another company (other rules and zone): all their days.
  if (before[0]?.companyId !== e.companyId) await recomputeDays(tx, { employeeIds: [e.employeeId] }, 'all');
}

async function upsertNamed(tx: PoolClient, table: string, idColumn: string, columns: Record<string, unknown>): Promise<void> {
  const names = Object.keys(columns);
  const values = Object.values(columns);
  const updates = names.filter((name) => name !== idColumn).map((name) => `${name} = EXCLUDED.${name}`);
  await tx.query(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, index) => `$${index + 1}`).join(', ')})
     ON CONFLICT (${idColumn}) DO UPDATE SET ${updates.join(', ')}`,
    values,
  );
}

/** The events whose effect includes a background recompute (the worker is woken once they committed). */
export function requestsRecompute(event: EventEnvelope): boolean {
  return workTimeRulesChangeOf(event) !== undefined;
}

/** People's organisation, employee and settings events, in the caller's transaction; others are ignored. */
export async function applyPeopleEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (!isPeopleEvent(event.type)) return;
  // An erased employee's leave reasons were their own words (leave blanks them too; the rest follows by name).
  const erased = erasureOf(event);
  if (erased) await tx.query("UPDATE leaves SET reason = '' WHERE employee_id = $1", [erased.employeeId]);
  // A change of rules or zone recomputes the company's days (the organisation's: everyone's, as companies without
  // their own follow it): in the background after commit, as a company's days are too many for the event's transaction.
  const rulesChange = workTimeRulesChangeOf(event);
  if (rulesChange) await requestRecompute(tx, rulesChange.companyId);
  if (isEmployeeSnapshotEvent(event.type)) {
    await upsertEmployee(tx, event.payload);
    return;
  }
  switch (event.type) {
    case 'organisation.CompanySaved': {
      const c = peopleEvents[event.type].parse(event.payload);
      await upsertNamed(tx, 'companies', 'company_id', { company_id: c.companyId, name: c.name });
      return;
    }
    case 'organisation.CompanyDeleted': {
      const { companyId } = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM companies WHERE company_id = $1', [companyId]);
      await tx.query('DELETE FROM settings WHERE company_id = $1', [companyId]);
      return;
    }
    case 'organisation.DepartmentSaved': {
      const d = peopleEvents[event.type].parse(event.payload);
      await upsertNamed(tx, 'departments', 'department_id', { department_id: d.departmentId, company_id: d.companyId, name: d.name });
      return;
    }
    case 'organisation.DepartmentDeleted':
      await tx.query('DELETE FROM departments WHERE department_id = $1', [peopleEvents[event.type].parse(event.payload).departmentId]);
      return;
    case 'organisation.JobTitleSaved': {
      const j = peopleEvents[event.type].parse(event.payload);
      await upsertNamed(tx, 'job_titles', 'job_title_id', { job_title_id: j.jobTitleId, department_id: j.departmentId, company_id: j.companyId, name: j.name });
      return;
    }
    case 'organisation.JobTitleDeleted':
      await tx.query('DELETE FROM job_titles WHERE job_title_id = $1', [peopleEvents[event.type].parse(event.payload).jobTitleId]);
      return;
    case 'organisation.LeaveTypeSaved': {
      const t = peopleEvents[event.type].parse(event.payload);
      await upsertNamed(tx, 'leave_types', 'leave_type_id', { leave_type_id: t.leaveTypeId, company_id: t.companyId, name: t.name });
      return;
    }
    case 'organisation.LeaveTypeDeleted':
      await tx.query('DELETE FROM leave_types WHERE leave_type_id = $1', [peopleEvents[event.type].parse(event.payload).leaveTypeId]);
      return;
    case 'employee.EmployeeDeleted': {
      const { employeeId } = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM employees WHERE employee_id = $1', [employeeId]);
      await deleteDaysOf(tx, [employeeId]);
      return;
    }
    case 'settings.SettingsChanged': {
      const s = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM settings WHERE company_id IS NOT DISTINCT FROM $1', [s.companyId]);
      await tx.query(
        `INSERT INTO settings (company_id, timezone, time_format, late_grace_minutes, overtime_before_shift, overtime_minimum_minutes)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [s.companyId, s.timezone, s.timeFormat, s.lateGraceMinutes, s.overtimeBeforeShift, s.overtimeMinimumMinutes],
      );
      return;
    }
    case 'settings.SettingsReset': {
      const { companyId } = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM settings WHERE company_id = $1', [companyId]);
      return;
    }
    default:
      return;
  }
}
