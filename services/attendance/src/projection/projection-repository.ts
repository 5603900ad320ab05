import type { EmployeeSnapshot } from '@ams/contracts';
import type { PoolClient, Queryable } from '@ams/db';
import { directoryEmployeeSql } from '@ams/directory';
import { FACE_MODEL } from '@ams/face';

// SQL only: what the employee projection keeps for the kiosk beside the directory's row (0003_kiosk.sql,
// 0006_one_employee_projection.sql): kiosk_identities (what only the kiosk needs) and the face templates, with the
// template rows the in-memory face index reads.

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

const holder = directoryEmployeeSql('e');

const templateRowQuery = `SELECT t.employee_id AS "employeeId", COALESCE(${holder.companyId}, t.company_id) AS "companyId", t.revision,
    CASE WHEN t.model = $2 AND ${holder.employmentStatus} = 'active' THEN t.embedding END AS embedding
  FROM kiosk_face_templates t LEFT JOIN ${holder.table} ON ${holder.employeeId} = t.employee_id`;

/** Template changes committed above `revision`, in order. */
export async function templatesAfter(db: Queryable, revision: number): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(`${templateRowQuery} WHERE t.revision > $1 ORDER BY t.revision`, [revision, FACE_MODEL]);
  return rows;
}

export async function templateOf(db: Queryable, employeeId: string): Promise<TemplateRow | null> {
  const { rows } = await db.query<TemplateRow>(`${templateRowQuery} WHERE t.employee_id = $1`, [employeeId, FACE_MODEL]);
  return rows[0] ?? null;
}
