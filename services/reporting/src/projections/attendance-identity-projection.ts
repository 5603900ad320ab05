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
  const days = await writeWorkDays(tx, [{ day: workDayChangedV1.parse(event.payload), event }]);
  for (const { employeeId, workDate } of days) await recomputeDays(tx, { employeeIds: [employeeId] }, { from: workDate, to: workDate });
}

interface WorkDayChange {
  day: WorkDayChanged;
  event: EventEnvelope;
}

/** The work_days row a change leaves, keyed by column (jsonb_populate_recordset reads it as the table's row). */
function workDayRow({ day, event }: WorkDayChange): Record<string, unknown> {
  // The shift attendance counted the day against (events before it existed lack it: the day is then planned from the schedule).
  const shift =
    day.shift === undefined
      ? { recorded: false, start: null, end: null, hours: null }
      : { recorded: true, start: day.shift?.start ?? null, end: day.shift?.end ?? null, hours: day.scheduledHours };
  return {
    work_day_id: day.workDayId,
    employee_id: day.employeeId,
    company_id: day.companyId,
    work_date: day.workDate,
    state: day.state,
    time_in: day.timeIn,
    break_in: day.breakIn,
    break_out: day.breakOut,
    time_out: day.timeOut,
    reason: day.reason,
    changed_at: event.occurredAt,
    shift_recorded: shift.recorded,
    shift_start: shift.start,
    shift_end: shift.end,
    shift_hours: shift.hours,
    // Events published before attendance said it were of days it did not know as recorded offline.
    recorded_offline: day.recordedOffline ?? false,
  };
}

/**
 * Writes changes of different work days into work_days in three statements whatever their number; resolves with
 * the days to recompute: the ones they were before (a correction may move a day) and the new ones.
 */
async function writeWorkDays(tx: PoolClient, changes: readonly WorkDayChange[]): Promise<ChangedDay[]> {
  const { rows: before } = await tx.query<ChangedDay>(
    `SELECT employee_id AS "employeeId", to_char(work_date, 'YYYY-MM-DD') AS "workDate" FROM work_days WHERE work_day_id = ANY($1::uuid[])`,
    [changes.map(({ day }) => day.workDayId)],
  );
  const gone = changes.filter(({ day }) => day.state === 'deleted' || day.timeIn === null);
  const kept = changes.filter((change) => !gone.includes(change));
  if (gone.length > 0) await tx.query('DELETE FROM work_days WHERE work_day_id = ANY($1::uuid[])', [gone.map(({ day }) => day.workDayId)]);
  if (kept.length > 0) {
    await tx.query(
      `INSERT INTO work_days (work_day_id, employee_id, company_id, work_date, state, time_in, break_in, break_out, time_out, reason, changed_at,
         shift_recorded, shift_start, shift_end, shift_hours, recorded_offline)
       SELECT work_day_id, employee_id, company_id, work_date, state, time_in, break_in, break_out, time_out, reason, changed_at,
         shift_recorded, shift_start, shift_end, shift_hours, recorded_offline
       FROM jsonb_populate_recordset(NULL::work_days, $1::jsonb)
       ON CONFLICT (work_day_id) DO UPDATE SET employee_id = EXCLUDED.employee_id, company_id = EXCLUDED.company_id, work_date = EXCLUDED.work_date,
         state = EXCLUDED.state, time_in = EXCLUDED.time_in, break_in = EXCLUDED.break_in, break_out = EXCLUDED.break_out, time_out = EXCLUDED.time_out,
         reason = COALESCE(EXCLUDED.reason, work_days.reason), changed_at = EXCLUDED.changed_at, shift_recorded = EXCLUDED.shift_recorded,
         shift_start = EXCLUDED.shift_start, shift_end = EXCLUDED.shift_end, shift_hours = EXCLUDED.shift_hours, recorded_offline = EXCLUDED.recorded_offline`,
      [JSON.stringify(kept.map(workDayRow))],
    );
  }
  return [...before, ...changes.map(({ day }) => ({ employeeId: day.employeeId, workDate: day.workDate }))];
}

/**
 * Work-day changes of a batch, written and recomputed together: `writeWorkDays` once, then one `recomputeDays` per
 * date for every employee changed on it, rather than a dozen statements per event (a burst of check-ins is one
 * date). An employee's second change, or any other event, must see what came before: `add` then declines, and
 * the caller calls `flush` first.
 */
export function workDayBatch(tx: PoolClient): { add(event: EventEnvelope): boolean; flush(): Promise<void> } {
  const changes: WorkDayChange[] = [];
  const seen = new Set<string>();
  return {
    add(event) {
      if (event.type !== WORK_DAY_CHANGED) return false;
      const day = workDayChangedV1.parse(event.payload);
      if (seen.has(day.employeeId) || seen.has(day.workDayId)) return false;
      seen.add(day.employeeId).add(day.workDayId);
      changes.push({ day, event });
      return true;
    },
    async flush() {
      if (changes.length === 0) return;
      const byDate = new Map<string, Set<string>>();
      for (const { employeeId, workDate } of await writeWorkDays(tx, changes)) byDate.set(workDate, (byDate.get(workDate) ?? new Set()).add(employeeId));
      for (const [workDate, employeeIds] of [...byDate].sort(([a], [b]) => a.localeCompare(b))) {
        await recomputeDays(tx, { employeeIds: [...employeeIds] }, { from: workDate, to: workDate });
      }
      changes.length = 0;
      seen.clear();
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
