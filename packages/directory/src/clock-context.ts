import type { ScheduleState } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { clockSettingsSql, fallbackSettings, type ClockSettings } from './clock-settings.ts';
import { employeeColumns, type DirectoryEmployee } from './employees.ts';
import { schedulesCoveringSql } from './schedules.ts';

/** What a clock punch decides by: the employee, their company's clock settings and schedules. */
export interface ClockContext {
  employee: DirectoryEmployee;
  settings: ClockSettings;
  /** The employee's schedules covering any day of the asked range. */
  schedules: ScheduleState[];
}

// findDirectoryEmployee, clockSettingsOf and schedulesCovering in one statement, prepared once per connection: a punch's hot path.
const clockContextSql = `SELECT ${employeeColumns},
    (SELECT row_to_json(s) FROM (${clockSettingsSql('e.company_id')}) s) AS settings,
    (SELECT COALESCE(json_agg(s), '[]') FROM (${schedulesCoveringSql('e.employee_id')}) s) AS schedules
  FROM directory_employees e WHERE e.employee_id = $1`;

/**
 * The employee (null when unknown), their company's clock settings and their schedules covering any day of
 * [from, to], read in one round trip.
 */
export async function clockContextOf(db: Queryable, employeeId: string, from: string, to: string): Promise<ClockContext | null> {
  const { rows } = await db.query<DirectoryEmployee & { settings: ClockSettings | null; schedules: ScheduleState[] }>({
    name: 'directory.clock-context',
    text: clockContextSql,
    values: [employeeId, from, to],
  });
  const row = rows[0];
  if (!row) return null;
  const { settings, schedules, ...employee } = row;
  return { employee, settings: settings ?? fallbackSettings, schedules };
}
