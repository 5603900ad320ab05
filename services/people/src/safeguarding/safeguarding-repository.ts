import { defaultKioskNotice, type KioskNotice } from '@ams/contracts';
import type { Queryable } from '@ams/db';

export interface StoredSafeguarding {
  kioskNotice: KioskNotice;
  retentionDays: number;
  updatedAt: Date | null;
}

export async function readSafeguarding(db: Queryable, options: { forUpdate?: boolean } = {}): Promise<StoredSafeguarding> {
  const { rows } = await db.query<{ en: string | null; es: string | null; retentionDays: number; updatedAt: Date | null }>(
    `SELECT kiosk_notice_en AS en, kiosk_notice_es AS es, retention_days AS "retentionDays", updated_at AS "updatedAt" FROM safeguarding_settings${options.forUpdate ? ' FOR UPDATE' : ''}`,
  );
  const row = rows[0];
  if (!row) throw new Error('The safeguarding settings row is missing (migration 0005 inserts it)');
  return {
    kioskNotice: { en: row.en ?? defaultKioskNotice.en, es: row.es ?? defaultKioskNotice.es },
    retentionDays: row.retentionDays,
    updatedAt: row.updatedAt,
  };
}

export async function saveSafeguarding(db: Queryable, settings: Omit<StoredSafeguarding, 'updatedAt'>, now: Date): Promise<void> {
  await db.query('UPDATE safeguarding_settings SET kiosk_notice_en = $1, kiosk_notice_es = $2, retention_days = $3, updated_at = $4', [
    settings.kioskNotice.en,
    settings.kioskNotice.es,
    settings.retentionDays,
    now,
  ]);
}

export async function faceClockingOf(db: Queryable, companyId: string): Promise<{ enabled: boolean; updatedAt: Date | null }> {
  const { rows } = await db.query<{ enabled: boolean; updatedAt: Date }>(
    'SELECT enabled, updated_at AS "updatedAt" FROM company_face_clocking WHERE company_id = $1',
    [companyId],
  );
  return rows[0] ?? { enabled: true, updatedAt: null };
}

export async function saveFaceClocking(db: Queryable, companyId: string, enabled: boolean, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO company_face_clocking (company_id, enabled, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (company_id) DO UPDATE SET enabled = $2, updated_at = $3`,
    [companyId, enabled, now],
  );
}

/** Deletes the face templates of the company's employees; the employees who had one. */
export async function deleteCompanyTemplates(db: Queryable, companyId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM face_templates t USING employees e WHERE e.id = t.employee_id AND e.company_id = $1 RETURNING t.employee_id AS id',
    [companyId],
  );
  return rows.map((row) => row.id);
}

/** Deletes the photos of the company's employees; the employees who had one. */
export async function deleteCompanyPhotos(db: Queryable, companyId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM employee_photos p USING employees e WHERE e.id = p.employee_id AND e.company_id = $1 RETURNING p.employee_id AS id',
    [companyId],
  );
  return rows.map((row) => row.id);
}

/**
 * Archived employees whose retention ended before `cutoff` and who still have a photo or template, oldest
 * first, locked (skipping those another run holds).
 */
export async function lockExpiredBiometrics(db: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT e.id FROM employees e
     WHERE e.employment_status = 'archived' AND e.archived_at < $1
       AND (EXISTS (SELECT 1 FROM face_templates t WHERE t.employee_id = e.id) OR EXISTS (SELECT 1 FROM employee_photos p WHERE p.employee_id = e.id))
     ORDER BY e.archived_at, e.id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [cutoff, limit],
  );
  return rows.map((row) => row.id);
}
