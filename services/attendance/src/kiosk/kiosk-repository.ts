import type { EmployeeSnapshot } from '@ams/contracts';
import type { AttemptCounter } from '@ams/credentials';
import type { PoolClient, Queryable } from '@ams/db';
import { directoryEmployeeSql, rfidClockAnywhere } from '@ams/directory';
import type { SideInsert } from '@ams/event-store';
import { FACE_MODEL } from '@ams/face';

// SQL only: the kiosk's tables (0003_kiosk.sql, 0006_one_employee_projection.sql). Who an employee is
// (name, company, status, email) is the directory's row; kiosk_identities adds what only the kiosk needs.

export interface KioskEmployee {
  employeeId: string;
  companyId: string;
  firstName: string;
  lastName: string;
  employmentStatus: string;
  hasImage: boolean;
  /** The enrolled photo's WebP thumbnail, if people sent one. */
  thumbnail: Buffer | null;
}

export interface PinCandidate extends KioskEmployee {
  pinHash: string | null;
}

const e = directoryEmployeeSql('e');

const employeeColumns = `${e.employeeId} AS "employeeId", ${e.companyId} AS "companyId", ${e.firstName} AS "firstName", ${e.lastName} AS "lastName",
  ${e.employmentStatus} AS "employmentStatus", COALESCE(k.has_image, false) AS "hasImage", k.thumbnail`;

const employeesWithIdentities = `${e.table} LEFT JOIN kiosk_identities k ON k.employee_id = ${e.employeeId}`;

// ── Projection ────────────────────────────────────────────────────────────

/** What the kiosk keeps of the snapshot beside the directory's row: the national ID a PIN goes with, the RFID card. */
export async function saveKioskIdentity(tx: PoolClient, e: EmployeeSnapshot): Promise<void> {
  await tx.query(
    `INSERT INTO kiosk_identities (employee_id, national_id, has_image, rfid_card) VALUES ($1, $2, $3, $4)
     ON CONFLICT (employee_id) DO UPDATE SET national_id = $2, has_image = $3, rfid_card = $4`,
    [e.employeeId, e.nationalId, e.hasImage, e.rfidCard],
  );
}

/** Forgets the employee's identity, PIN included, and their wrong-PIN counter (the template is cleared separately). */
export async function deleteKioskIdentity(tx: PoolClient, employeeId: string): Promise<void> {
  await tx.query('DELETE FROM kiosk_identities WHERE employee_id = $1', [employeeId]);
  await tx.query('DELETE FROM kiosk_pin_attempts WHERE scope = $1', [`employee:${employeeId}`]);
}

/** A new PIN (or none) also lifts the employee's lockout. */
export async function savePin(tx: PoolClient, change: { employeeId: string; pinHash: string | null }): Promise<void> {
  await tx.query(
    `INSERT INTO kiosk_identities (employee_id, pin_hash) VALUES ($1, $2)
     ON CONFLICT (employee_id) DO UPDATE SET pin_hash = $2`,
    [change.employeeId, change.pinHash],
  );
  await tx.query('DELETE FROM kiosk_pin_attempts WHERE scope = $1', [`employee:${change.employeeId}`]);
}

/** The next template revision; the counter row stays locked until the caller's transaction ends. */
async function nextRevision(tx: PoolClient): Promise<number> {
  const { rows } = await tx.query<{ revision: number }>('UPDATE kiosk_face_revision SET revision = revision + 1 RETURNING revision');
  const revision = rows[0]?.revision;
  if (revision === undefined) throw new Error('kiosk_face_revision has no row');
  return revision;
}

export interface TemplateData {
  employeeId: string;
  companyId: string;
  model: string;
  embedding: Buffer;
  realScore: number;
  liveScore: number;
  enrolledAt: string;
}

export async function saveTemplate(tx: PoolClient, t: TemplateData): Promise<void> {
  const revision = await nextRevision(tx);
  await tx.query(
    `INSERT INTO kiosk_face_templates (employee_id, company_id, model, embedding, real_score, live_score, enrolled_at, revision)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (employee_id) DO UPDATE SET company_id = $2, model = $3, embedding = $4, real_score = $5, live_score = $6,
       enrolled_at = $7, revision = $8`,
    [t.employeeId, t.companyId, t.model, t.embedding, t.realScore, t.liveScore, t.enrolledAt, revision],
  );
}

/** The thumbnail the kiosk shows after a match; null when the photo was removed. */
export async function saveThumbnail(tx: PoolClient, employeeId: string, thumbnail: Buffer | null): Promise<void> {
  await tx.query(
    `INSERT INTO kiosk_identities (employee_id, thumbnail) VALUES ($1, $2)
     ON CONFLICT (employee_id) DO UPDATE SET thumbnail = $2`,
    [employeeId, thumbnail],
  );
}

/** Removes the template's data, keeping the row (with a new revision) so every index learns of it. */
export async function clearTemplate(tx: PoolClient, employeeId: string): Promise<boolean> {
  if (!(await hasTemplate(tx, employeeId))) return false;
  const revision = await nextRevision(tx);
  await tx.query(
    `UPDATE kiosk_face_templates SET model = NULL, embedding = NULL, real_score = NULL, live_score = NULL, enrolled_at = NULL, revision = $2
     WHERE employee_id = $1`,
    [employeeId, revision],
  );
  return true;
}

/** After a change of the employee (company, status): the indexes look at the template again. */
export async function touchTemplate(tx: PoolClient, employeeId: string, companyId: string): Promise<boolean> {
  if (!(await hasTemplate(tx, employeeId))) return false;
  const revision = await nextRevision(tx);
  await tx.query('UPDATE kiosk_face_templates SET company_id = $2, revision = $3 WHERE employee_id = $1', [employeeId, companyId, revision]);
  return true;
}

async function hasTemplate(tx: PoolClient, employeeId: string): Promise<boolean> {
  const { rowCount } = await tx.query('SELECT 1 FROM kiosk_face_templates WHERE employee_id = $1 AND embedding IS NOT NULL', [employeeId]);
  return (rowCount ?? 0) > 0;
}

export interface TemplateRow {
  employeeId: string;
  companyId: string;
  revision: number;
  /** Null when the template cannot match: removed, of another model, or its employee is not active. */
  embedding: Buffer | null;
}

const templateRowQuery = `SELECT t.employee_id AS "employeeId", COALESCE(${e.companyId}, t.company_id) AS "companyId", t.revision,
    CASE WHEN t.model = $2 AND ${e.employmentStatus} = 'active' THEN t.embedding END AS embedding
  FROM kiosk_face_templates t LEFT JOIN ${e.table} ON ${e.employeeId} = t.employee_id`;

/** Template changes committed above `revision`, in order. */
export async function templatesAfter(db: Queryable, revision: number): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(`${templateRowQuery} WHERE t.revision > $1 ORDER BY t.revision`, [revision, FACE_MODEL]);
  return rows;
}

export async function templateOf(db: Queryable, employeeId: string): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(`${templateRowQuery} WHERE t.employee_id = $1`, [employeeId, FACE_MODEL]);
  return rows[0] ?? null;
}

// ── Identification ────────────────────────────────────────────────────────

export async function findKioskEmployee(db: Queryable, employeeId: string): Promise<KioskEmployee | null> {
  const { rows } = await db.query<KioskEmployee>(`SELECT ${employeeColumns} FROM ${employeesWithIdentities} WHERE ${e.employeeId} = $1`, [employeeId]);
  return rows[0] ?? null;
}

/**
 * Active employees whose email or national ID is `identifier` (case-insensitive), with their PIN hash.
 * Emails are unique; national IDs only per company, so a few may share one.
 */
export async function findPinCandidates(db: Queryable, identifier: string): Promise<PinCandidate[]> {
  const byEmail = directoryEmployeeSql('m');
  const { rows } = await db.query<PinCandidate>(
    `SELECT ${employeeColumns}, k.pin_hash AS "pinHash"
     FROM ${employeesWithIdentities}
     WHERE ${e.employeeId} IN (SELECT ${byEmail.employeeId} FROM ${byEmail.table} WHERE lower(${byEmail.email}) = lower($1)
                             UNION SELECT employee_id FROM kiosk_identities WHERE lower(national_id) = lower($1))
       AND ${e.employmentStatus} = 'active'
     ORDER BY ${e.employeeId} LIMIT 5`,
    [identifier],
  );
  return rows;
}

/**
 * Active employees holding the RFID card `card` (case-insensitive), with their PIN hash. Cards are unique
 * per company only, so employees of a few companies may share a number.
 */
export async function findCardCandidates(db: Queryable, card: string): Promise<PinCandidate[]> {
  const { rows } = await db.query<PinCandidate>(
    `SELECT ${employeeColumns}, k.pin_hash AS "pinHash"
     FROM ${employeesWithIdentities}
     WHERE lower(k.rfid_card) = lower($1) AND ${e.employmentStatus} = 'active'
     ORDER BY ${e.employeeId} LIMIT 5`,
    [card],
  );
  return rows;
}

/** Whether any company (or the organisation's defaults, which companies without their own follow) takes cards. */
export async function anyCompanyTakesCards(db: Queryable): Promise<boolean> {
  return rfidClockAnywhere(db);
}

// ── Wrong-PIN counters ────────────────────────────────────────────────────

/** Locks the counters of `keys` (creating empty ones) for the caller's transaction, in key order. */
export async function lockCounters(tx: PoolClient, keys: readonly string[], now: Date): Promise<Map<string, AttemptCounter>> {
  const sorted = [...new Set(keys)].sort();
  await tx.query(
    `INSERT INTO kiosk_pin_attempts (scope, failures, last_attempt_at) SELECT scope, 0, $2 FROM unnest($1::text[]) AS scope
     ON CONFLICT (scope) DO NOTHING`,
    [sorted, now],
  );
  const { rows } = await tx.query<{ scope: string; failures: number; lastAttemptAt: Date; lockedUntil: Date | null }>(
    `SELECT scope, failures, last_attempt_at AS "lastAttemptAt", locked_until AS "lockedUntil"
     FROM kiosk_pin_attempts WHERE scope = ANY($1) ORDER BY scope FOR UPDATE`,
    [sorted],
  );
  return new Map(
    rows.map((row) => [row.scope, { failures: row.failures, lastAttemptAt: row.lastAttemptAt.getTime(), lockedUntil: row.lockedUntil?.getTime() ?? null }]),
  );
}

export async function saveCounter(tx: PoolClient, key: string, counter: AttemptCounter): Promise<void> {
  await tx.query('UPDATE kiosk_pin_attempts SET failures = $2, last_attempt_at = $3, locked_until = $4 WHERE scope = $1', [
    key,
    counter.failures,
    new Date(counter.lastAttemptAt),
    counter.lockedUntil === null ? null : new Date(counter.lockedUntil),
  ]);
}

export async function deleteCounter(tx: PoolClient, key: string): Promise<void> {
  await tx.query('DELETE FROM kiosk_pin_attempts WHERE scope = $1', [key]);
}

/** Counters nobody has used since `before` and that lock nothing (up to `limit` of them); answers how many. */
export async function deleteStaleCounters(db: Queryable, before: Date, now: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM kiosk_pin_attempts WHERE scope IN (
       SELECT scope FROM kiosk_pin_attempts WHERE last_attempt_at < $1 AND (locked_until IS NULL OR locked_until <= $2) LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [before, now, limit],
  );
  return rowCount ?? 0;
}

// ── Spent tickets ─────────────────────────────────────────────────────────

/** Deletes up to `limit` spent tickets expired at `now` (they are refused by their signature anyway); answers how many. */
export async function deleteExpiredTickets(db: Queryable, now: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM kiosk_used_tickets WHERE ticket_id IN (
       SELECT ticket_id FROM kiosk_used_tickets WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [now, limit],
  );
  return rowCount ?? 0;
}

/** Why a punch's append is refused when its ticket was spent meanwhile (see spentTicketRow). */
export const TICKET_ALREADY_SPENT = 'ticket-already-spent';

/**
 * The ticket's row in the spent tickets, written with the punch's events: a ticket spent by another
 * command (also one still committing: the insert waits for it) refuses the append with
 * TICKET_ALREADY_SPENT, so the punch stores nothing.
 */
export function spentTicketRow(ticket: { ticketId: string; expiresAt: Date }, commandId: string): SideInsert {
  return {
    name: 'attendance.spend-ticket',
    into: 'kiosk_used_tickets (ticket_id, command_id, expires_at)',
    rows: 'VALUES ($1::uuid, $2::uuid, $3::timestamptz)',
    values: [ticket.ticketId, commandId, ticket.expiresAt],
    onConflict: 'ON CONFLICT (ticket_id) DO NOTHING',
    refusal: TICKET_ALREADY_SPENT,
  };
}
