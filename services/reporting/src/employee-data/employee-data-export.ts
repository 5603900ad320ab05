import type { Writable } from 'node:stream';
import type { EmployeeDataExport } from '@ams/contracts';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import { writeSheet, type Sheet } from '@ams/spreadsheet';
import type { ReportingContext } from '../context.ts';
import { exportedEmployee, exportedLeaves, exportedSchedules, exportedUserAccounts, exportedWorkDays } from './employee-data-repository.ts';

/**
 * Why reporting answers the export: its read models already hold every service's data about the employee
 * (people's snapshot, identity's accounts, schedules, leave, attendance's work days), kept from the same
 * integration events the services publish. One service and one read, instead of the gateway fanning out
 * to five APIs and stitching their answers; the data is at most a moment behind the services.
 */
export async function employeeDataExport(ctx: ReportingContext, caller: SignedInPrincipal, employeeId: string): Promise<EmployeeDataExport> {
  const employee = await exportedEmployee(ctx.pool, employeeId, scopeOf(caller));
  if (!employee) throw new AppError('not_found', 'employeesNotFound');
  const [userAccounts, schedules, leaves, workDays] = await Promise.all([
    exportedUserAccounts(ctx.pool, employeeId),
    exportedSchedules(ctx.pool, employeeId),
    exportedLeaves(ctx.pool, employeeId),
    exportedWorkDays(ctx.pool, employeeId),
  ]);
  return { exportedAt: ctx.now().toISOString(), employee, userAccounts, schedules, leaves, workDays };
}

interface FieldRow {
  section: string;
  item: number | null;
  field: string;
  value: string;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The export flattened to one row per field, so any spreadsheet shows it readably without nesting. */
export function exportRows(data: EmployeeDataExport): FieldRow[] {
  const fieldsOf = (section: string, item: number | null, record: object): FieldRow[] =>
    Object.entries(record).map(([field, value]) => ({ section, item, field, value: cellText(value) }));
  const listed = (section: string, records: readonly object[]) => records.flatMap((record, index) => fieldsOf(section, index + 1, record));
  return [
    { section: 'export', item: null, field: 'exportedAt', value: data.exportedAt },
    ...fieldsOf('employee', null, data.employee),
    ...listed('userAccounts', data.userAccounts),
    ...listed('schedules', data.schedules),
    ...listed('leaves', data.leaves),
    ...listed('workDays', data.workDays),
  ];
}

const sheet: Sheet<FieldRow> = {
  name: 'Employee data',
  columns: [
    { header: 'Section', value: (row) => row.section, width: 16 },
    { header: 'Item', value: (row) => row.item, width: 8 },
    { header: 'Field', value: (row) => row.field, width: 22 },
    { header: 'Value', value: (row) => row.value, width: 60 },
  ],
};

export async function writeEmployeeDataWorkbook(out: Writable, data: EmployeeDataExport): Promise<void> {
  async function* oneBatch() {
    yield exportRows(data);
  }
  await writeSheet(out, sheet, oneBatch());
}
