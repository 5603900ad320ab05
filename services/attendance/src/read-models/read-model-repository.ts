import type { ArrivalStatus, Attendance, DepartureStatus, PresenceState } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import type { ProjectedDay } from './attendance-day.ts';

// ── Projection (writes, in the subscription's transaction) ─────────────────────

/** A projected day with the directory's name and department of the moment (null when the directory has none). */
export interface DayRowToStore {
  day: ProjectedDay;
  directory: { employeeName: string; departmentId: string } | null;
}

// Column, element type of its parameter array, value of a row.
const storedColumns: readonly (readonly [string, string, (row: DayRowToStore) => unknown])[] = [
  ['work_day_id', 'uuid', (row) => row.day.workDayId],
  ['employee_id', 'uuid', (row) => row.day.employeeId],
  ['company_id', 'uuid', (row) => row.day.companyId],
  ['department_id', 'uuid', (row) => row.directory?.departmentId ?? null],
  ['employee_name', 'text', (row) => row.directory?.employeeName ?? null],
  ['work_date', 'date', (row) => row.day.workDate],
  ['time_in', 'timestamptz', (row) => row.day.timeIn],
  ['break_in', 'timestamptz', (row) => row.day.breakIn],
  ['break_out', 'timestamptz', (row) => row.day.breakOut],
  ['time_out', 'timestamptz', (row) => row.day.timeOut],
  ['total_hours', 'float8', (row) => row.day.totalHours],
  ['overtime_hours', 'float8', (row) => row.day.overtimeHours],
  ['late_minutes', 'int4', (row) => row.day.lateMinutes],
  ['overtime_minutes', 'int4', (row) => row.day.overtimeMinutes],
  ['early_departure_minutes', 'int4', (row) => row.day.earlyDepartureMinutes],
  ['arrival_status', 'text', (row) => row.day.arrivalStatus],
  ['departure_status', 'text', (row) => row.day.departureStatus],
  ['state', 'text', (row) => row.day.state],
  ['since', 'timestamptz', (row) => row.day.since],
  ['reason', 'text', (row) => row.day.reason],
  ['recorded_offline', 'bool', (row) => row.day.recordedOffline],
  ['updated_at', 'timestamptz', (row) => row.day.updatedAt],
];

// The directory's name and department are kept when the directory no longer knows the employee.
const keptWhenUnknown = new Set(['department_id', 'employee_name']);
const upsertDaysSql = `INSERT INTO attendance_days (${storedColumns.map(([column]) => column).join(', ')})
  SELECT ${storedColumns.map(([column]) => (column === 'employee_name' ? `COALESCE(${column}, '')` : column)).join(', ')}
    FROM unnest(${storedColumns.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}) AS d(${storedColumns.map(([column]) => column).join(', ')})
  ON CONFLICT (work_day_id) DO UPDATE SET ${storedColumns
    .slice(1)
    .map(([column]) => (keptWhenUnknown.has(column) ? `${column} = COALESCE(excluded.${column}, attendance_days.${column})` : `${column} = excluded.${column}`))
    .join(', ')}`;

/** Stores a batch's projected days (each day once) in one statement. */
export async function upsertAttendanceDays(db: Queryable, rows: readonly DayRowToStore[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query({ name: 'attendance.upsert-days', text: upsertDaysSql, values: storedColumns.map(([, , valueOf]) => rows.map(valueOf)) });
}

export async function deleteAttendanceDays(db: Queryable, workDayIds: readonly string[]): Promise<void> {
  if (workDayIds.length > 0) await db.query('DELETE FROM attendance_days WHERE work_day_id = ANY($1::uuid[])', [workDayIds]);
}

export async function countAttendanceDays(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ days: number }>('SELECT count(*)::int AS days FROM attendance_days');
  return rows[0]?.days ?? 0;
}

export async function truncateReadModels(db: Queryable): Promise<void> {
  await db.query('TRUNCATE attendance_days');
}

// ── Queries ─────────────────────────────────────────────────────────────────

const NO_DEPARTMENT = '00000000-0000-0000-0000-000000000000';

// The directory's current name and department; the projected ones when it no longer knows the employee.
const employeeName = `COALESCE(de.first_name || ' ' || de.last_name, d.employee_name)`;
const departmentId = `COALESCE(de.department_id, d.department_id)`;
const fromDays = 'FROM attendance_days d LEFT JOIN directory_employees de ON de.employee_id = d.employee_id';

const selectDay = `
  SELECT d.work_day_id AS id, d.employee_id AS "employeeId", ${employeeName} AS "employeeName", d.company_id AS "companyId",
         COALESCE(${departmentId}, '${NO_DEPARTMENT}') AS "departmentId", d.work_date AS "workDate",
         d.time_in AS "timeIn", d.break_in AS "breakIn", d.break_out AS "breakOut", d.time_out AS "timeOut",
         d.total_hours AS "totalHours", d.overtime_hours AS "overtimeHours", d.late_minutes AS "lateMinutes",
         d.arrival_status AS "arrivalStatus", d.departure_status AS "departureStatus", d.state, d.reason,
         d.recorded_offline AS "recordedOffline", d.updated_at AS "updatedAt"`;

/** Newest work date first; the id makes the order total, so pages never repeat or skip a day. */
const newestFirst = 'ORDER BY d.work_date DESC, d.time_in DESC, d.work_day_id';

interface DayRow extends Omit<Attendance, 'timeIn' | 'breakIn' | 'breakOut' | 'timeOut' | 'updatedAt'> {
  timeIn: Date;
  breakIn: Date | null;
  breakOut: Date | null;
  timeOut: Date | null;
  updatedAt: Date;
}

const iso = (instant: Date | null) => (instant === null ? null : instant.toISOString());

function attendanceOf(row: DayRow): Attendance {
  return {
    ...row,
    timeIn: row.timeIn.toISOString(),
    breakIn: iso(row.breakIn),
    breakOut: iso(row.breakOut),
    timeOut: iso(row.timeOut),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface DayFilter {
  scope: CompanyScope;
  employeeId?: string | undefined;
  companyId?: string | undefined;
  departmentId?: string | undefined;
  arrivalStatus?: ArrivalStatus | undefined;
  departureStatus?: DepartureStatus | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

function whereOf(filter: DayFilter, params: unknown[]): string {
  const conditions = [
    scopeCondition(filter.scope, 'd.company_id', params),
    ...listConditions(params, {
      search: filter.search,
      searchIn: `lower(${employeeName})`,
      equal: {
        'd.employee_id': filter.employeeId,
        'd.company_id': filter.companyId,
        [departmentId]: filter.departmentId,
        'd.arrival_status': filter.arrivalStatus,
        'd.departure_status': filter.departureStatus,
      },
    }),
  ];
  if (filter.from !== undefined) {
    params.push(filter.from);
    conditions.push(`d.work_date >= $${params.length}`);
  }
  if (filter.to !== undefined) {
    params.push(filter.to);
    conditions.push(`d.work_date <= $${params.length}`);
  }
  return conditions.join(' AND ');
}

export async function listAttendanceDays(
  db: Queryable,
  filter: DayFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: Attendance[]; total: number }> {
  const params: unknown[] = [];
  const where = whereOf(filter, params);
  const [count, rows] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${fromDays} WHERE ${where}`, params),
    db.query<DayRow>(`${selectDay} ${fromDays} WHERE ${where} ${newestFirst} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      page.pageSize,
      (page.page - 1) * page.pageSize,
    ]),
  ]);
  return { items: rows.rows.map(attendanceOf), total: count.rows[0]?.total ?? 0 };
}

/**
 * Every day the filter matches, newest first, a batch at a time: each batch is one short query that starts after
 * the last day of the one before (no transaction stays open, so an export never holds up clocking).
 */
export async function* attendanceDayBatches(db: Queryable, filter: DayFilter, batchSize: number): AsyncGenerator<Attendance[]> {
  let after: DayRow | undefined;
  for (;;) {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    let resume = '';
    if (after) {
      const at = params.push(after.workDate, after.timeIn, after.id);
      resume = ` AND (d.work_date, d.time_in, d.work_day_id) < ($${at - 2}, $${at - 1}, $${at})`;
    }
    const { rows } = await db.query<DayRow>(
      `${selectDay} ${fromDays} WHERE ${where}${resume} ORDER BY d.work_date DESC, d.time_in DESC, d.work_day_id DESC LIMIT $${params.length + 1}`,
      [...params, batchSize],
    );
    if (rows.length > 0) yield rows.map(attendanceOf);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

export async function findAttendanceDay(db: Queryable, id: string, scope: CompanyScope): Promise<Attendance | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<DayRow>(`${selectDay} ${fromDays} WHERE d.work_day_id = $1 AND ${scopeCondition(scope, 'd.company_id', params)}`, params);
  const row = rows[0];
  return row ? attendanceOf(row) : null;
}

/** The stream of a work day that ever existed (deleted ones too: the index keeps them), if in scope. */
export async function findWorkDayStream(db: Queryable, id: string, scope: CompanyScope): Promise<string | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<{ streamId: string }>(
    `SELECT stream_id AS "streamId" FROM work_days w WHERE w.work_day_id = $1 AND ${scopeCondition(scope, 'w.company_id', params)}`,
    params,
  );
  return rows[0]?.streamId ?? null;
}

export interface PresenceRow {
  employeeId: string;
  employeeName: string;
  companyId: string;
  workDate: string;
  state: PresenceState;
  since: string;
}

/**
 * Each employee's latest day of today or yesterday (in the company's time zone): still open (a night
 * shift runs past midnight), or closed today. `defaultZone` applies when no settings were announced.
 */
export async function listPresence(db: Queryable, scope: CompanyScope, now: Date, defaultZone: string): Promise<PresenceRow[]> {
  // The UTC date bounds the candidates (every zone's today is within a day of it), so the index serves.
  const params: unknown[] = [now.toISOString(), defaultZone, now.toISOString().slice(0, 10)];
  const inScope = scopeCondition(scope, 'd.company_id', params);
  const { rows } = await db.query<Omit<PresenceRow, 'since'> & { since: Date }>(
    `SELECT l.employee_id AS "employeeId", COALESCE(de.first_name || ' ' || de.last_name, l.employee_name) AS "employeeName",
            l.company_id AS "companyId", l.work_date AS "workDate", l.state, l.since
       FROM (
         SELECT DISTINCT ON (d.employee_id) d.*, z.zone, z.today
           FROM attendance_days d
           CROSS JOIN LATERAL (
             SELECT zone, ($1::timestamptz AT TIME ZONE zone)::date AS today
               FROM (SELECT COALESCE((SELECT s.timezone FROM directory_settings s WHERE s.company_id = d.company_id OR s.company_id IS NULL
                                       ORDER BY s.company_id NULLS LAST LIMIT 1), $2) AS zone) AS settings
           ) z
          WHERE d.work_date BETWEEN $3::date - 2 AND $3::date + 1
            AND d.work_date BETWEEN z.today - 1 AND z.today AND ${inScope}
          ORDER BY d.employee_id, d.work_date DESC
       ) l
       LEFT JOIN directory_employees de ON de.employee_id = l.employee_id
      WHERE l.state <> 'left' OR (l.since AT TIME ZONE l.zone)::date = l.today
      ORDER BY "employeeName", l.employee_id`,
    params,
  );
  return rows.map((row) => ({ ...row, since: row.since.toISOString() }));
}
