import { fullName, type ClockAction, type ClockMethod, type KeyedMessage, type MessageKey, type OfflinePunchIssue } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { directoryEmployeeSql } from '@ams/directory';
import type { SideInsert } from '@ams/event-store';
import { AppError, scopeCondition, scopeOf, type SignedInPrincipal } from '@ams/service-kit';

/** A replayed offline punch the server refused, for the admins' attention list. */
export interface NewOfflinePunchIssue {
  commandId: string;
  companyId: string;
  deviceId: string;
  employeeId: string | null;
  method: ClockMethod | null;
  action: ClockAction | null;
  deviceTime: Date;
  punchedAt: Date;
  receivedAt: Date;
  reason: KeyedMessage;
}

/** Puts the item on the list; a second replay of the same command adds nothing. */
export async function recordOfflinePunchIssue(db: Queryable, issue: NewOfflinePunchIssue): Promise<void> {
  await db.query({
    name: 'attendance.record-offline-punch-issue',
    text: `INSERT INTO offline_punch_issues (command_id, company_id, device_id, employee_id, method, action, device_time, punched_at, received_at, reason_key, reason_params)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (command_id) DO NOTHING`,
    values: [
      issue.commandId,
      issue.companyId,
      issue.deviceId,
      issue.employeeId,
      issue.method,
      issue.action,
      issue.deviceTime,
      issue.punchedAt,
      issue.receivedAt,
      issue.reason.messageKey,
      issue.reason.params ?? null,
    ],
  });
}

export async function hasOfflinePunchIssue(db: Queryable, commandId: string): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'attendance.has-offline-punch-issue',
    text: 'SELECT 1 FROM offline_punch_issues WHERE command_id = $1',
    values: [commandId],
  });
  return (rowCount ?? 0) > 0;
}

interface IssueRow {
  id: string;
  companyId: string;
  deviceId: string;
  deviceName: string;
  employeeId: string | null;
  firstName: string | null;
  lastName: string | null;
  method: ClockMethod | null;
  action: ClockAction | null;
  deviceTime: Date;
  punchedAt: Date;
  receivedAt: Date;
  reasonKey: MessageKey;
  reasonParams: KeyedMessage['params'] | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
}

const issueOf = ({ firstName, lastName, reasonKey, reasonParams, ...row }: IssueRow): OfflinePunchIssue => ({
  ...row,
  employeeName: firstName === null || lastName === null ? null : fullName({ firstName, lastName }),
  deviceTime: row.deviceTime.toISOString(),
  punchedAt: row.punchedAt.toISOString(),
  receivedAt: row.receivedAt.toISOString(),
  reason: { messageKey: reasonKey, ...(reasonParams ? { params: reasonParams } : {}) },
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

const e = directoryEmployeeSql('e');
const issueColumns = `i.command_id AS id, i.company_id AS "companyId", i.device_id AS "deviceId", d.name AS "deviceName", i.employee_id AS "employeeId",
  ${e.firstName} AS "firstName", ${e.lastName} AS "lastName", i.method, i.action, i.device_time AS "deviceTime", i.punched_at AS "punchedAt",
  i.received_at AS "receivedAt", i.reason_key AS "reasonKey", i.reason_params AS "reasonParams", r.resolved_at AS "resolvedAt", r.resolved_by AS "resolvedBy"`;
const issueSource = `offline_punch_issues i JOIN kiosk_devices d ON d.device_id = i.device_id LEFT JOIN ${e.table} ON ${e.employeeId} = i.employee_id
  LEFT JOIN offline_punch_resolutions r ON r.command_id = i.command_id`;

/** One page of the caller's companies' items, open ones first, newest first, and how many there are in all. */
export async function listOfflinePunchIssues(
  db: Queryable,
  caller: SignedInPrincipal,
  query: { companyId?: string | undefined; resolved?: 'true' | 'false' | undefined; page: number; pageSize: number },
): Promise<{ items: OfflinePunchIssue[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [scopeCondition(scopeOf(caller), 'i.company_id', params)];
  if (query.companyId) conditions.push(`i.company_id = $${params.push(query.companyId)}`);
  if (query.resolved) conditions.push(query.resolved === 'true' ? 'r.resolved_at IS NOT NULL' : 'r.resolved_at IS NULL');
  const where = conditions.join(' AND ');
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${issueSource} WHERE ${where}`, params);
  const limit = `LIMIT $${params.push(query.pageSize)} OFFSET $${params.push((query.page - 1) * query.pageSize)}`;
  const { rows } = await db.query<IssueRow>(
    `SELECT ${issueColumns} FROM ${issueSource} WHERE ${where} ORDER BY r.resolved_at IS NOT NULL, i.received_at DESC, i.command_id ${limit}`,
    params,
  );
  return { items: rows.map(issueOf), total: counted[0]?.total ?? 0 };
}

/** One item of the caller's scope, for an admin settling it. */
export async function findOfflinePunchIssue(db: Queryable, caller: SignedInPrincipal, id: string): Promise<OfflinePunchIssue> {
  const params: unknown[] = [id];
  const { rows } = await db.query<IssueRow>(
    `SELECT ${issueColumns} FROM ${issueSource} WHERE i.command_id = $1 AND ${scopeCondition(scopeOf(caller), 'i.company_id', params)}`,
    params,
  );
  const row = rows[0];
  if (!row) throw new AppError('not_found', 'offlinePunchNotFound');
  return issueOf(row);
}

export const OFFLINE_PUNCH_ALREADY_RESOLVED = 'offline-punch-already-resolved';

/** The item's resolution, written with the events of the day the admin recorded: a second one refuses that append. */
export function resolutionRow(issue: Pick<OfflinePunchIssue, 'id'>, caller: SignedInPrincipal, now: Date): SideInsert {
  return {
    name: 'attendance.resolve-offline-punch',
    into: 'offline_punch_resolutions (command_id, resolved_at, resolved_by)',
    rows: 'VALUES ($1::uuid, $2::timestamptz, $3::text)',
    values: [issue.id, now, caller.userId],
    onConflict: 'ON CONFLICT (command_id) DO NOTHING',
    refusal: OFFLINE_PUNCH_ALREADY_RESOLVED,
  };
}
