import type { Queryable } from '@ams/db';

export interface Installation {
  id: string;
  since: string;
}

/** The installation's identity, created on the first start and kept from then on. */
export async function loadInstallation(db: Queryable): Promise<Installation> {
  await db.query('INSERT INTO installation DEFAULT VALUES ON CONFLICT DO NOTHING');
  const { rows } = await db.query<{ id: string; created_at: Date }>('SELECT id, created_at FROM installation');
  const row = rows[0];
  if (!row) throw new Error('installation row missing after insert');
  return { id: row.id, since: row.created_at.toISOString() };
}
