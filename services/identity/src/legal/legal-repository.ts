import type { Queryable } from '@ams/db';

export interface StoredLegalNotice {
  termsEn: string | null;
  termsEs: string | null;
  privacyEn: string | null;
  privacyEs: string | null;
  updatedAt: Date | null;
}

export async function readLegalNotice(db: Queryable): Promise<StoredLegalNotice> {
  const { rows } = await db.query<StoredLegalNotice>(
    `SELECT terms_en AS "termsEn", terms_es AS "termsEs", privacy_en AS "privacyEn", privacy_es AS "privacyEs", updated_at AS "updatedAt"
       FROM legal_notice WHERE id = 1`,
  );
  if (!rows[0]) throw new Error('The legal notice row is missing (migration 0011 inserts it)');
  return rows[0];
}

export async function saveLegalNotice(db: Queryable, texts: Omit<StoredLegalNotice, 'updatedAt'>, now: Date): Promise<void> {
  await db.query('UPDATE legal_notice SET terms_en = $1, terms_es = $2, privacy_en = $3, privacy_es = $4, updated_at = $5 WHERE id = 1', [
    texts.termsEn,
    texts.termsEs,
    texts.privacyEn,
    texts.privacyEs,
    now,
  ]);
}
