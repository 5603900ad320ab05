import { defaultSettings } from '@ams/contracts';

// SQL pieces for a service's own statements that read the directory beside its own tables (to filter, sort
// and page in one statement): services name the directory's tables and columns only through these.

/**
 * The directory's employees under `alias`: `table` goes in a FROM or JOIN, the other fields are its columns.
 * `fullName` is NULL when the employee is not there (e.g. a LEFT JOIN after a deletion).
 */
export function directoryEmployeeSql(alias: string) {
  return {
    table: `directory_employees ${alias}`,
    employeeId: `${alias}.employee_id`,
    companyId: `${alias}.company_id`,
    departmentId: `${alias}.department_id`,
    firstName: `${alias}.first_name`,
    lastName: `${alias}.last_name`,
    email: `${alias}.email`,
    employmentStatus: `${alias}.employment_status`,
    fullName: `${alias}.first_name || ' ' || ${alias}.last_name`,
  };
}

/** The directory's leave types under `alias`, as directoryEmployeeSql. */
export function directoryLeaveTypeSql(alias: string) {
  return { table: `directory_leave_types ${alias}`, leaveTypeId: `${alias}.leave_type_id`, name: `${alias}.name` };
}

/** The time zone of the company `companyId` (an SQL expression): its settings', else the organisation's, else the spec's default. */
export function companyTimezoneSql(companyId: string): string {
  return `COALESCE(
    (SELECT timezone FROM directory_effective_settings(${companyId})),
    '${defaultSettings.timezone}')`;
}
