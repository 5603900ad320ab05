import type { EmploymentStatus, ScheduleListQuery, ScheduleStatus, Weekday } from '@ams/contracts';
import { listConditions, type Queryable } from '@ams/db';
import { companyTimezoneSql, directoryEmployeeSql } from '@ams/directory';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import type { Ending, PlacedSchedule } from './schedule-rules.ts';

/** What an admin sets on a schedule. */
export interface ScheduleValues {
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: Weekday[];
  fromDate: string;
  toDate: string | null;
}

/** A schedule as stored, with its employee's company, department and name from the directory. */
export interface ScheduleRow extends ScheduleValues {
  id: string;
  employeeId: string;
  employeeName: string;
  companyId: string;
  departmentId: string;
  /** As of the instant the row was read at. */
  status: ScheduleStatus;
  createdAt: Date;
  updatedAt: Date;
}

export interface LockedEmployee {
  employeeId: string;
  companyId: string;
  employmentStatus: EmploymentStatus;
}

const e = directoryEmployeeSql('e');

/**
 * Today in the employee's company's time zone (its settings, else the organisation's, else the spec's
 * default), at the instant in parameter `now`: statuses turn with it.
 */
const todaySql = (now: string) => `(${now}::timestamptz AT TIME ZONE ${companyTimezoneSql(e.companyId)})::date`;

/** Stored 'previous' is an explicit end (archived); otherwise the dates decide against today. */
const statusSql = (now: string) => `CASE WHEN s.status = 'previous' OR s.to_date < ${todaySql(now)} THEN 'previous'
    WHEN s.from_date > ${todaySql(now)} THEN 'upcoming' ELSE 'current' END`;

const fromSchedules = `FROM schedules s JOIN ${e.table} ON ${e.employeeId} = s.employee_id`;

// Times are stored as time(3); the API's format carries the spec's trailing Z.
const select = (now: string) => `
  SELECT s.id, s.employee_id AS "employeeId", ${e.fullName} AS "employeeName",
         ${e.companyId} AS "companyId", ${e.departmentId} AS "departmentId",
         to_char(s.start_time, 'HH24:MI:SS.MS') || 'Z' AS "startTime", to_char(s.off_time, 'HH24:MI:SS.MS') || 'Z' AS "offTime",
         s.total_hours AS "totalHours", s.rest_days AS "restDays", s.from_date AS "fromDate", s.to_date AS "toDate",
         ${statusSql(now)} AS status, s.created_at AS "createdAt", s.updated_at AS "updatedAt"
  ${fromSchedules}`;

const sqlTime = (time: string) => time.replace(/Z$/, '');

export async function findSchedule(db: Queryable, id: string, scope: CompanyScope, now: Date): Promise<ScheduleRow | null> {
  const params: unknown[] = [id, now];
  const { rows } = await db.query<ScheduleRow>(`${select('$2')} WHERE s.id = $1 AND ${scopeCondition(scope, e.companyId, params)}`, params);
  return rows[0] ?? null;
}

/** Every schedule, for a history answer. */
export async function allSchedules(db: Queryable, now: Date): Promise<ScheduleRow[]> {
  const { rows } = await db.query<ScheduleRow>(`${select('$1')} ORDER BY s.employee_id, s.from_date, s.id`, [now]);
  return rows;
}

/** Newest first. */
export async function schedulesOfEmployee(db: Queryable, employeeId: string, now: Date): Promise<ScheduleRow[]> {
  const { rows } = await db.query<ScheduleRow>(`${select('$2')} WHERE s.employee_id = $1 ORDER BY s.from_date DESC, s.id`, [employeeId, now]);
  return rows;
}

/** Today in the employee's company's time zone. */
export async function todayOf(db: Queryable, employeeId: string, now: Date): Promise<string> {
  const { rows } = await db.query<{ today: string }>(`SELECT to_char(${todaySql('$2')}, 'YYYY-MM-DD') AS today FROM ${e.table} WHERE ${e.employeeId} = $1`, [
    employeeId,
    now,
  ]);
  if (!rows[0]) throw new Error(`employee ${employeeId} is not in the directory`);
  return rows[0].today;
}

/**
 * The employee as the directory knows them, if the scope sees them, locked until the transaction
 * ends: every change to one employee's schedules takes this lock first, so they happen one at a time.
 */
export async function lockEmployee(db: Queryable, employeeId: string, scope: CompanyScope): Promise<LockedEmployee | null> {
  const params: unknown[] = [employeeId];
  const { rows } = await db.query<LockedEmployee>(
    `SELECT ${e.employeeId} AS "employeeId", ${e.companyId} AS "companyId", ${e.employmentStatus} AS "employmentStatus"
     FROM ${e.table} WHERE ${e.employeeId} = $1 AND ${scopeCondition(scope, e.companyId, params)} FOR UPDATE`,
    params,
  );
  return rows[0] ?? null;
}

/** The periods of every schedule of the employee with their status at `now`, oldest first. */
export async function placedSchedules(db: Queryable, employeeId: string, now: Date): Promise<PlacedSchedule[]> {
  const { rows } = await db.query<PlacedSchedule>(
    `SELECT s.id, ${statusSql('$2')} AS status, s.from_date AS "fromDate", s.to_date AS "toDate"
     ${fromSchedules} WHERE s.employee_id = $1 ORDER BY s.from_date`,
    [employeeId, now],
  );
  return rows;
}

const sortTerms: Record<ScheduleListQuery['sort'], readonly string[]> = {
  employee: [`lower(${e.firstName})`, `lower(${e.lastName})`],
  startTime: ['s.start_time'],
  totalHours: ['s.total_hours'],
  fromDate: ['s.from_date'],
};

/** The chosen column in the chosen direction, then by employee and each one's newest schedule first; the ids make the order total. */
function orderByOf(query: ScheduleListQuery): string {
  const direction = query.order === 'desc' ? 'DESC' : 'ASC';
  return [
    ...sortTerms[query.sort].map((term) => `${term} ${direction}`),
    `lower(${e.firstName})`,
    `lower(${e.lastName})`,
    's.employee_id',
    's.from_date DESC',
    's.id',
  ].join(', ');
}

export async function listSchedules(db: Queryable, scope: CompanyScope, query: ScheduleListQuery, now: Date): Promise<{ rows: ScheduleRow[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [
    scopeCondition(scope, e.companyId, params),
    ...listConditions(params, {
      search: query.search,
      searchIn: `lower(${e.fullName})`,
      equal: { 's.employee_id': query.employeeId, [e.companyId]: query.companyId, [e.departmentId]: query.departmentId },
    }),
  ];
  if (query.status) {
    params.push(now, query.status);
    conditions.push(`${statusSql(`$${params.length - 1}`)} = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const at = params.length + 1;
  const [count, page] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total ${fromSchedules} WHERE ${where}`, params),
    db.query<ScheduleRow>(
      `${select(`$${at}`)} WHERE ${where}
       ORDER BY ${orderByOf(query)}
       LIMIT $${at + 1} OFFSET $${at + 2}`,
      [...params, now, query.pageSize, (query.page - 1) * query.pageSize],
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}

/** A new schedule: its dates make it current, previous or upcoming. */
export async function insertSchedule(db: Queryable, id: string, employeeId: string, values: ScheduleValues, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO schedules (id, employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'current', $9, $9)`,
    [id, employeeId, sqlTime(values.startTime), sqlTime(values.offTime), values.totalHours, values.restDays, values.fromDate, values.toDate, now],
  );
}

export async function updateSchedule(db: Queryable, id: string, values: ScheduleValues, now: Date): Promise<void> {
  await db.query(
    `UPDATE schedules SET start_time = $2, off_time = $3, total_hours = $4, rest_days = $5, from_date = $6, to_date = $7, updated_at = $8
     WHERE id = $1`,
    [id, sqlTime(values.startTime), sqlTime(values.offTime), values.totalHours, values.restDays, values.fromDate, values.toDate, now],
  );
}

/** The schedule runs until the given day; an explicit end (archiving) makes it previous at once, even on that day. */
export async function endSchedule(db: Queryable, ending: Ending, now: Date): Promise<void> {
  await db.query(`UPDATE schedules SET status = CASE WHEN $4 THEN 'previous' ELSE status END, to_date = $2, updated_at = $3 WHERE id = $1`, [
    ending.id,
    ending.toDate,
    now,
    ending.explicit,
  ]);
}

/** Drops a schedule that has not started (its employee left before it). */
export async function deleteSchedule(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM schedules WHERE id = $1', [id]);
}
