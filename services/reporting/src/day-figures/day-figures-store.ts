import { addDays, defaultSettings, defaultWorkTimeRules, localDateOf, type ScheduleState } from '@ams/contracts';
import { withTransaction, type Pool, type PoolClient, type Queryable } from '@ams/db';
import type { DayFigures } from '../figures/day-figures.ts';
import { plannedDays } from '../period/period-days.ts';
import { deleteCountedDays, recordTally, tallyDays, type DayTally } from './day-totals.ts';
import { storedAttendanceOf, type StoredAttendance } from './stored-attendance.ts';
import {
  clockedShiftOf,
  type ApprovedLeave,
  type CompanyRules,
  type PeriodData,
  type ReportEmployee,
  type StoredWorkDay,
} from '../period/period-repository.ts';

/** Whose days a recompute covers. */
export type DaySelection = { employeeIds: readonly string[] } | { companyId: string } | { everyone: true };

/** The first key of the advisory locks on an employee's days (the second is the employee's), apart from other locks. */
const EMPLOYEE_LOCK_SPACE = 8086;

/** Employees recomputed together: their days of a few months are a few tens of thousands of rows. */
const EMPLOYEE_CHUNK = 500;

const isoDate = (column: string) => `to_char(${column}, 'YYYY-MM-DD')`;

/** The last date whose working days without attendance are kept (null: none yet). */
export async function keptThrough(db: Queryable, lock: 'share' | 'update' | 'none' = 'none'): Promise<string | null> {
  const locking = lock === 'share' ? ' FOR SHARE' : lock === 'update' ? ' FOR UPDATE' : '';
  const { rows } = await db.query<{ through: string | null }>(`SELECT ${isoDate('through')} AS through FROM day_figures_horizon${locking}`);
  return rows[0]?.through ?? null;
}

async function selectedEmployees(db: Queryable, selection: DaySelection): Promise<string[]> {
  if ('employeeIds' in selection) return [...selection.employeeIds];
  const params: unknown[] = [];
  const where = 'companyId' in selection ? `WHERE company_id = $${params.push(selection.companyId)}` : '';
  const { rows } = await db.query<{ employeeId: string }>(`SELECT employee_id AS "employeeId" FROM employees ${where} ORDER BY employee_id`, params);
  return rows.map((row) => row.employeeId);
}

/** Every date the employees can have a row for: from their first schedule, leave or work day to the last kept date (or their last leave or work day). */
async function fullRange(db: Queryable, employeeIds: readonly string[], through: string | null): Promise<{ from: string; to: string } | null> {
  const { rows } = await db.query<{ from: string | null; to: string | null }>(
    `SELECT ${isoDate('least(s.first, w.first, l.first)')} AS "from", ${isoDate('greatest($2::date, w.last, l.last)')} AS "to"
     FROM (SELECT min(from_date) AS first FROM schedules WHERE employee_id = ANY($1::uuid[]) AND NOT cancelled) s,
          (SELECT min(work_date) AS first, max(work_date) AS last FROM work_days WHERE employee_id = ANY($1::uuid[])) w,
          (SELECT min(from_date) AS first, max(to_date) AS last FROM leaves WHERE employee_id = ANY($1::uuid[]) AND status = 'approved') l`,
    [employeeIds, through],
  );
  const row = rows[0];
  return row?.from && row.to && row.from <= row.to ? { from: row.from, to: row.to } : null;
}

const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

interface RecomputedEmployee extends ReportEmployee {
  rules: CompanyRules | null;
  schedules: ScheduleState[] | null;
  leaves: ApprovedLeave[] | null;
  workDays: StoredWorkDay[] | null;
}

/**
 * What the employees' days of [from, to] are computed from, in one query (a punch recomputes one day: the fewer
 * round trips, the more punches a second the projection keeps up with): each employee with their company's rules
 * (its own, else the organisation's), schedules (cancelled ones left out), approved leave and work days.
 */
async function loadForRecompute(db: Queryable, employeeIds: readonly string[], from: string, to: string): Promise<PeriodData> {
  const { rows } = await db.query<RecomputedEmployee>(
    `SELECT e.employee_id AS "employeeId", e.first_name || ' ' || e.last_name AS "employeeName", e.company_id AS "companyId", e.department_id AS "departmentId",
       NULL AS "departmentName", e.employment_status AS "employmentStatus",
       (SELECT json_build_object('timezone', r.timezone, 'lateGraceMinutes', r.late_grace_minutes, 'overtimeBeforeShift', r.overtime_before_shift,
          'overtimeMinimumMinutes', r.overtime_minimum_minutes)
        FROM effective_settings(e.company_id) r) AS rules,
       (SELECT json_agg(json_build_object('scheduleId', s.schedule_id, 'employeeId', s.employee_id, 'companyId', s.company_id, 'startTime', s.start_time,
          'offTime', s.off_time, 'totalHours', s.total_hours, 'restDays', s.rest_days, 'fromDate', s.from_date, 'toDate', s.to_date, 'status', s.status))
        FROM schedules s WHERE s.employee_id = e.employee_id AND NOT s.cancelled AND s.from_date <= $3 AND (s.to_date IS NULL OR s.to_date >= $2)) AS schedules,
       (SELECT json_agg(json_build_object('employeeId', l.employee_id, 'from', l.from_date, 'to', l.to_date))
        FROM leaves l WHERE l.employee_id = e.employee_id AND l.status = 'approved' AND l.from_date <= $3 AND l.to_date >= $2) AS leaves,
       (SELECT json_agg(json_build_object('employeeId', w.employee_id, 'workDate', w.work_date, 'state', w.state, 'timeIn', ${epochMs('w.time_in')},
          'breakIn', ${epochMs('w.break_in')}, 'breakOut', ${epochMs('w.break_out')}, 'timeOut', ${epochMs('w.time_out')}, 'reason', w.reason,
          'recordedOffline', w.recorded_offline,
          'shift', ${clockedShiftOf('w')}))
        FROM work_days w WHERE w.employee_id = e.employee_id AND w.work_date BETWEEN $2 AND $3) AS "workDays"
     FROM employees e WHERE e.employee_id = ANY($1::uuid[])`,
    [employeeIds, from, to],
  );
  const organisation: CompanyRules = { timezone: defaultSettings.timezone, ...defaultWorkTimeRules };
  const rules = new Map(rows.map((row) => [row.companyId, row.rules ?? organisation]));
  return {
    employees: rows,
    schedules: new Map(rows.map((row) => [row.employeeId, row.schedules ?? []])),
    leaves: new Map(rows.map((row) => [row.employeeId, row.leaves ?? []])),
    workDays: new Map(rows.map((row) => [row.employeeId, new Map((row.workDays ?? []).map((day) => [day.workDate, day]))])),
    rulesOf: (companyId) => rules.get(companyId) ?? organisation,
  };
}

interface FigureRow extends Omit<DayFigures, 'kind'>, StoredAttendance {
  employeeId: string;
  workDate: string;
  companyId: string;
  kind: 'present' | 'leave' | 'absent';
  shiftStart: number | null;
  shiftEnd: number | null;
}

/**
 * The rows of the period's employees and dates: present and leave days, and working days without either
 * ('absent', whatever the time: readers count them once the shift has ended), the latter only up to `through`.
 */
export function figureRowsOf(data: PeriodData, from: string, to: string, through: string | null): FigureRow[] {
  const rows: FigureRow[] = [];
  for (const { employee, workDate, plan, figures, workDay } of plannedDays(data, from, to, Number.POSITIVE_INFINITY)) {
    const { kind, ...minutes } = figures;
    if (kind !== 'present' && kind !== 'leave' && kind !== 'absent') continue;
    if (kind === 'absent' && (through === null || workDate > through)) continue;
    const shift = plan.kind === 'working' ? plan.shift : null;
    rows.push({
      employeeId: employee.employeeId,
      workDate,
      companyId: employee.companyId,
      kind,
      shiftStart: shift?.start ?? null,
      shiftEnd: shift?.end ?? null,
      ...minutes,
      ...storedAttendanceOf(workDay),
    });
  }
  return rows;
}

const instant = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Replaces the employees' stored days of [from, to] (or all of them) by `rows`, and day_totals by as much as
 * the counts changed, in the caller's transaction.
 */
async function writeRows(
  tx: Queryable,
  employeeIds: readonly string[],
  range: { from: string; to: string } | 'all',
  rows: readonly FigureRow[],
): Promise<void> {
  const tally: DayTally = new Map();
  if (range === 'all') await deleteCountedDays(tx, 'employee_id = ANY($1::uuid[])', [employeeIds], tally);
  else await deleteCountedDays(tx, 'employee_id = ANY($1::uuid[]) AND work_date BETWEEN $2 AND $3', [employeeIds, range.from, range.to], tally);
  await insertRows(tx, rows);
  await recordTally(tx, tallyDays(tally, rows, 1));
}

/** Deletes all the employees' stored days (they left the read model). */
export function deleteDaysOf(tx: Queryable, employeeIds: readonly string[]): Promise<void> {
  return writeRows(tx, employeeIds, 'all', []);
}

/**
 * Inserts the rows, their employees' days of their dates deleted first: a conflict would be a day that
 * day_totals did not see leave, so it fails rather than updates.
 */
async function insertRows(tx: Queryable, rows: readonly FigureRow[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = <K extends keyof FigureRow>(key: K, map: (value: FigureRow[K]) => unknown = (value) => value) => rows.map((row) => map(row[key]));
  await tx.query(
    `INSERT INTO day_figures (employee_id, work_date, company_id, kind, shift_start, shift_end, scheduled_minutes, worked_minutes, break_minutes, late_minutes,
       early_departure_minutes, overtime_minutes, state, time_in, break_in, break_out, time_out, reason, recorded_offline)
     SELECT * FROM unnest($1::uuid[], $2::date[], $3::uuid[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::int[], $8::float8[], $9::int[], $10::int[],
       $11::int[], $12::int[], $13::text[], $14::timestamptz[], $15::timestamptz[], $16::timestamptz[], $17::timestamptz[], $18::text[], $19::bool[])`,
    [
      columns('employeeId'),
      columns('workDate'),
      columns('companyId'),
      columns('kind'),
      columns('shiftStart', instant),
      columns('shiftEnd', instant),
      columns('scheduledMinutes'),
      columns('workedMinutes'),
      columns('breakMinutes'),
      columns('lateMinutes'),
      columns('earlyDepartureMinutes'),
      columns('overtimeMinutes'),
      columns('state'),
      columns('timeIn', instant),
      columns('breakIn', instant),
      columns('breakOut', instant),
      columns('timeOut', instant),
      columns('reason'),
      columns('recordedOffline'),
    ],
  );
}

/**
 * Recomputes the selection's days in the caller's transaction: in [from, to], or all of their days ('all').
 * An employee not (or no longer) in the read model keeps no day. Returns the rows written.
 */
export async function recomputeDays(tx: PoolClient, selection: DaySelection, range: { from: string; to: string } | 'all'): Promise<number> {
  // An employee's recompute shares the horizon with the others and waits for any other recompute of the same
  // employee (events of other topics, handled side by side, would otherwise each compute from what it saw before
  // the other committed); a company's or everyone's holds the horizon alone, so no employee's runs meanwhile.
  const employeeOnly = 'employeeIds' in selection;
  const through = await keptThrough(tx, employeeOnly ? 'share' : 'update');
  const employeeIds = await selectedEmployees(tx, selection);
  if (employeeOnly) {
    // In one order, so that two recomputes of the same employees cannot wait for each other.
    // One statement for them all (a batch recomputes hundreds): unnest yields them, and so locks them, in the array's order.
    await tx.query('SELECT count(pg_advisory_xact_lock($1, hashtext(id))) FROM unnest($2::text[]) AS id', [EMPLOYEE_LOCK_SPACE, [...employeeIds].sort()]);
  }
  let written = 0;
  for (let index = 0; index < employeeIds.length; index += EMPLOYEE_CHUNK) {
    const chunk = employeeIds.slice(index, index + EMPLOYEE_CHUNK);
    const period = range === 'all' ? await fullRange(tx, chunk, through) : range;
    if (!period) {
      await deleteDaysOf(tx, chunk);
      continue;
    }
    const data = await loadForRecompute(tx, chunk, period.from, period.to);
    const rows = figureRowsOf(data, period.from, period.to, through);
    await writeRows(tx, chunk, range === 'all' ? 'all' : period, rows);
    written += rows.length;
  }
  return written;
}

/** The dates of several ranges as one covering range. */
export function coveringRange(...ranges: ReadonlyArray<{ from: string; to: string } | null | undefined>): { from: string; to: string } | null {
  const present = ranges.filter((range): range is { from: string; to: string } => !!range);
  if (present.length === 0) return null;
  return {
    from: present.map((range) => range.from).sort()[0] as string,
    to: present
      .map((range) => range.to)
      .sort()
      .at(-1) as string,
  };
}

/**
 * Keeps every working day up to `daysAhead` after now's UTC date (1: tomorrow, so every zone's today): moves the
 * horizon on, writing the new dates of everyone's schedules (from the first schedule when nothing is kept yet).
 * The day horizon worker calls it; it costs one row's read once done for the day.
 */
export async function keepDaysUpTo(pool: Pool, now: Date, daysAhead = 1): Promise<void> {
  const target = addDays(localDateOf(now, 'UTC'), daysAhead);
  const through = await keptThrough(pool);
  if (through !== null && through >= target) return;
  await withTransaction(pool, async (tx) => {
    const current = await keptThrough(tx, 'update');
    if (current !== null && current >= target) return;
    await tx.query('UPDATE day_figures_horizon SET through = $1', [target]);
    const first =
      current === null
        ? (await tx.query<{ from: string | null }>(`SELECT ${isoDate('min(from_date)')} AS "from" FROM schedules WHERE NOT cancelled`)).rows[0]?.from
        : addDays(current, 1);
    if (first && first <= target) await recomputeDays(tx, { everyone: true }, { from: first, to: target });
  });
}
