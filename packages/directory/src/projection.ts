import { fileURLToPath } from 'node:url';
import { forgetPublishedAbout, handleOnce, topicForFamily, type Bus, type EventEnvelope, type Subscription } from '@ams/bus';
import { erasureOf, isEmployeeSnapshotEvent, peopleEvents, scheduleEvents, type ScheduleEventType } from '@ams/contracts';
import type { MigrationSource, Pool, PoolClient } from '@ams/db';

/** The directory's tables; a service lists this among its migration sources. */
export const directoryMigrations: MigrationSource = { name: 'directory', dir: fileURLToPath(new URL('../migrations', import.meta.url)) };

function isScheduleEvent(type: string): type is ScheduleEventType {
  return Object.hasOwn(scheduleEvents, type);
}

/** Keeps the latest state of each schedule (one employee's events arrive in order), and forgets a cancelled one. */
async function applyScheduleEvent(tx: PoolClient, type: ScheduleEventType, payload: unknown): Promise<void> {
  const s = scheduleEvents[type].parse(payload);
  if (type === 'schedule.ScheduleCancelled') {
    await tx.query('DELETE FROM directory_schedules WHERE schedule_id = $1', [s.scheduleId]);
    return;
  }
  await tx.query(
    `INSERT INTO directory_schedules (schedule_id, employee_id, company_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (schedule_id) DO UPDATE SET employee_id = $2, company_id = $3, start_time = $4, off_time = $5, total_hours = $6,
       rest_days = $7, from_date = $8, to_date = $9, status = $10`,
    [s.scheduleId, s.employeeId, s.companyId, s.startTime, s.offTime, s.totalHours, s.restDays, s.fromDate, s.toDate, s.status],
  );
}

/**
 * Applies one of people's or scheduling's events to the directory, in the caller's transaction; other
 * events are ignored.
 */
export async function applyDirectoryEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (isScheduleEvent(event.type)) {
    await applyScheduleEvent(tx, event.type, event.payload);
    return;
  }
  if (isEmployeeSnapshotEvent(event.type)) {
    const e = peopleEvents[event.type].parse(event.payload);
    await tx.query(
      `INSERT INTO directory_employees (employee_id, company_id, department_id, job_title_id, leave_group_id, first_name, last_name, email, employment_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (employee_id) DO UPDATE SET company_id = $2, department_id = $3, job_title_id = $4, leave_group_id = $5,
         first_name = $6, last_name = $7, email = $8, employment_status = $9`,
      [e.employeeId, e.companyId, e.departmentId, e.jobTitleId, e.leaveGroupId, e.firstName, e.lastName, e.email, e.employmentStatus],
    );
    return;
  }
  switch (event.type) {
    case 'employee.EmployeeDeleted':
      await tx.query('DELETE FROM directory_employees WHERE employee_id = $1', [peopleEvents[event.type].parse(event.payload).employeeId]);
      return;
    case 'organisation.LeaveTypeSaved': {
      const type = peopleEvents[event.type].parse(event.payload);
      await tx.query(
        `INSERT INTO directory_leave_types (leave_type_id, company_id, name) VALUES ($1, $2, $3)
         ON CONFLICT (leave_type_id) DO UPDATE SET company_id = $2, name = $3`,
        [type.leaveTypeId, type.companyId, type.name],
      );
      return;
    }
    case 'organisation.LeaveTypeDeleted':
      await tx.query('DELETE FROM directory_leave_types WHERE leave_type_id = $1', [peopleEvents[event.type].parse(event.payload).leaveTypeId]);
      return;
    case 'organisation.LeaveGroupSaved': {
      const group = peopleEvents[event.type].parse(event.payload);
      await tx.query(
        `INSERT INTO directory_leave_groups (leave_group_id, company_id, name, status, leave_type_ids) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (leave_group_id) DO UPDATE SET company_id = $2, name = $3, status = $4, leave_type_ids = $5`,
        [group.leaveGroupId, group.companyId, group.name, group.status, group.leaveTypeIds],
      );
      return;
    }
    case 'organisation.LeaveGroupDeleted':
      await tx.query('DELETE FROM directory_leave_groups WHERE leave_group_id = $1', [peopleEvents[event.type].parse(event.payload).leaveGroupId]);
      return;
    case 'settings.SettingsChanged': {
      const settings = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM directory_settings WHERE company_id IS NOT DISTINCT FROM $1', [settings.companyId]);
      await tx.query(
        `INSERT INTO directory_settings (company_id, timezone, time_format, rfid_clock, ip_restriction, face_at_unregistered_browsers, pin_after_card,
           late_grace_minutes, overtime_before_shift, overtime_minimum_minutes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          settings.companyId,
          settings.timezone,
          settings.timeFormat,
          settings.rfidClock,
          settings.ipRestriction,
          settings.faceAtUnregisteredBrowsers,
          settings.pinAfterCard,
          settings.lateGraceMinutes,
          settings.overtimeBeforeShift,
          settings.overtimeMinimumMinutes,
        ],
      );
      return;
    }
    case 'settings.SettingsReset':
      // The company follows the organisation's settings again.
      await tx.query('DELETE FROM directory_settings WHERE company_id = $1', [peopleEvents[event.type].parse(event.payload).companyId]);
      return;
    case 'organisation.CompanySaved': {
      const company = peopleEvents[event.type].parse(event.payload);
      await tx.query('INSERT INTO directory_companies (company_id, name) VALUES ($1, $2) ON CONFLICT (company_id) DO UPDATE SET name = $2', [
        company.companyId,
        company.name,
      ]);
      return;
    }
    case 'organisation.CompanyDeleted': {
      const { companyId } = peopleEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM directory_settings WHERE company_id = $1', [companyId]);
      await tx.query('DELETE FROM directory_companies WHERE company_id = $1', [companyId]);
      return;
    }
    default:
      return;
  }
}

/**
 * On employee.EmployeeErased, replaces the employee's name kept in one of the service's own tables (a name
 * copied when a record was written) with the pseudonym; idempotent. The directory's own row follows the
 * event's snapshot like any other.
 */
export async function replaceErasedName(tx: PoolClient, event: EventEnvelope, table: string, nameColumn: string): Promise<void> {
  const erased = erasureOf(event);
  if (erased) await tx.query(`UPDATE ${table} SET ${nameColumn} = $2 WHERE employee_id = $1`, [erased.employeeId, erased.pseudonym]);
}

export type DirectoryFamily = 'employee' | 'organisation' | 'schedule' | 'settings';

/**
 * A service's own projection of the same events, kept in its own tables (the directory's stay what
 * every service fills alike). It runs for every event of the group, after the directory's update, in
 * the same transaction under the same inbox row, so the two never disagree; it may return work to do
 * once that transaction committed (such as updating an in-memory index).
 */
export type DirectoryExtension = (tx: PoolClient, event: EventEnvelope) => Promise<(() => void) | void>;

/**
 * Keeps the directory of `group` (a consumer group) up to date from the given topics (by default the
 * employee and organisation ones; add 'schedule' and 'settings' where schedules and time zones matter),
 * with the service's `extension` if it has one. An erasure also deletes the service's published outbox rows
 * about the employee.
 */
export function subscribeDirectory(
  bus: Bus,
  pool: Pool,
  group: string,
  families: readonly DirectoryFamily[] = ['employee', 'organisation'],
  extension?: DirectoryExtension,
): Promise<Subscription> {
  return bus.subscribe(
    group,
    families.map((family) => topicForFamily(family)),
    async (event) => {
      const committed: Array<() => void> = [];
      await handleOnce(pool, group, event, async (tx) => {
        await applyDirectoryEvent(tx, event);
        // The service's own published events about an erased person (names, leave reasons) go with the person.
        const erased = erasureOf(event);
        if (erased) await forgetPublishedAbout(tx, [erased.employeeId]);
        const then = await extension?.(tx, event);
        if (then) committed.push(then);
      });
      for (const then of committed) then();
    },
  );
}
