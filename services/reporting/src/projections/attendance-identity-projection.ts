import {
  AUDIT_EVENT_TYPE,
  activityRecordedV1,
  identityEvents,
  WORK_DAY_CHANGED,
  workDayChangedV1,
  type EventEnvelope,
  type WorkDayChanged,
} from '@ams/contracts';
import type { PoolClient } from '@ams/db';
import { recomputeDays } from '../day-figures/day-figures-store.ts';

/** An employee's day whose figures a work-day change makes stale. */
interface ChangedDay {
  employeeId: string;
  workDate: string;
}

/** attendance.WorkDayChanged: the day's whole state; a deleted day leaves the read model. */
async function applyWorkDay(tx: PoolClient, event: EventEnvelope): Promise<void> {
  const days = await writeWorkDay(tx, workDayChangedV1.parse(event.payload), event);
  for (const { employeeId, workDate } of days) await recomputeDays(tx, { employeeIds: [employeeId] }, { from: workDate, to: workDate });
}

/** Writes the day into work_days; resolves with the days to recompute: the one it was before (a correction may move it) and the new one. */
async function writeWorkDay(tx: PoolClient, day: WorkDayChanged, event: EventEnvelope): Promise<ChangedDay[]> {
  const { rows: before } = await tx.query<ChangedDay>(
    `SELECT employee_id AS "employeeId", to_char(work_date, 'YYYY-MM-DD') AS "workDate" FROM work_days WHERE work_day_id = $1`,
    [day.workDayId],
  );
  const changed = [...before, { employeeId: day.employeeId, workDate: day.workDate }];
  if (day.state === 'deleted' || day.timeIn === null) {
    await tx.query('DELETE FROM work_days WHERE work_day_id = $1', [day.workDayId]);
    return changed;
  }
  // The shift attendance counted the day against (events before it existed lack it: the day is then planned from the schedule).
  const shift =
    day.shift === undefined
      ? { recorded: false, start: null, end: null, hours: null }
      : { recorded: true, start: day.shift?.start ?? null, end: day.shift?.end ?? null, hours: day.scheduledHours };
  // Events published before attendance said it were of days it did not know as recorded offline.
  const recordedOffline = day.recordedOffline ?? false;
  await tx.query(
    `INSERT INTO work_days (work_day_id, employee_id, company_id, work_date, state, time_in, break_in, break_out, time_out, reason, changed_at,
       shift_recorded, shift_start, shift_end, shift_hours, recorded_offline)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
     ON CONFLICT (work_day_id) DO UPDATE SET employee_id = $2, company_id = $3, work_date = $4, state = $5, time_in = $6, break_in = $7,
       break_out = $8, time_out = $9, reason = COALESCE($10, work_days.reason), changed_at = $11,
       shift_recorded = $12, shift_start = $13, shift_end = $14, shift_hours = $15, recorded_offline = $16`,
    [
      day.workDayId,
      day.employeeId,
      day.companyId,
      day.workDate,
      day.state,
      day.timeIn,
      day.breakIn,
      day.breakOut,
      day.timeOut,
      day.reason,
      event.occurredAt,
      shift.recorded,
      shift.start,
      shift.end,
      shift.hours,
      recordedOffline,
    ],
  );
  return changed;
}

/**
 * Work-day changes of a batch, their figures recomputed together: one `recomputeDays` per date for every employee
 * changed on it, rather than one per event (a burst of check-ins is one date). An employee's second change, or any
 * other event, must see the figures up to date: `add` then declines, and the caller calls `recompute` first.
 */
export function workDayBatch(tx: PoolClient): { add(event: EventEnvelope): Promise<boolean>; recompute(): Promise<void> } {
  const byDate = new Map<string, Set<string>>();
  const employees = new Set<string>();
  return {
    async add(event) {
      if (event.type !== WORK_DAY_CHANGED) return false;
      const day = workDayChangedV1.parse(event.payload);
      if (employees.has(day.employeeId)) return false;
      for (const { employeeId, workDate } of await writeWorkDay(tx, day, event)) {
        employees.add(employeeId);
        byDate.set(workDate, (byDate.get(workDate) ?? new Set()).add(employeeId));
      }
      return true;
    },
    async recompute() {
      for (const [workDate, employeeIds] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
        await recomputeDays(tx, { employeeIds: [...employeeIds] }, { from: workDate, to: workDate });
      }
      byDate.clear();
      employees.clear();
    },
  };
}

/** Identity's users and roles, and the sign-ins the audit trail records; other events are ignored. */
async function applyIdentityEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  switch (event.type) {
    case 'identity.UserSaved': {
      const u = identityEvents[event.type].parse(event.payload);
      await tx.query(
        `INSERT INTO user_accounts (user_id, name, email, account_type, role_id, status, company_id, employee_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (user_id) DO UPDATE SET name = $2, email = $3, account_type = $4, role_id = $5, status = $6, company_id = $7, employee_id = $8`,
        [u.userId, u.name, u.email, u.accountType, u.roleId, u.status, u.companyId, u.employeeId],
      );
      return;
    }
    case 'identity.UserDeleted': {
      const { userId } = identityEvents[event.type].parse(event.payload);
      await tx.query('DELETE FROM user_accounts WHERE user_id = $1', [userId]);
      await tx.query('DELETE FROM user_sign_ins WHERE user_id = $1', [userId]);
      return;
    }
    case 'identity.RoleSaved': {
      const r = identityEvents[event.type].parse(event.payload);
      await tx.query('INSERT INTO roles (role_id, name) VALUES ($1, $2) ON CONFLICT (role_id) DO UPDATE SET name = $2', [r.roleId, r.name]);
      return;
    }
    case 'identity.RoleDeleted':
      await tx.query('DELETE FROM roles WHERE role_id = $1', [identityEvents[event.type].parse(event.payload).roleId]);
      return;
    case AUDIT_EVENT_TYPE: {
      const activity = activityRecordedV1.parse(event.payload);
      if (activity.action !== 'sign-in' || activity.actorId === null) return;
      await tx.query(
        `INSERT INTO user_sign_ins (user_id, last_sign_in_at) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE SET last_sign_in_at = GREATEST(user_sign_ins.last_sign_in_at, EXCLUDED.last_sign_in_at)`,
        [activity.actorId, activity.at],
      );
      return;
    }
    default:
      return;
  }
}

/** Attendance's, identity's and the audit trail's events, in the caller's transaction. */
export async function applyAttendanceOrIdentityEvent(tx: PoolClient, event: EventEnvelope): Promise<void> {
  if (event.type === WORK_DAY_CHANGED) await applyWorkDay(tx, event);
  else await applyIdentityEvent(tx, event);
}
