import type { Queryable } from '@ams/db';

/**
 * Whether the directory knows the company: saved by people, or (saved before the directory kept
 * companies) through its employees.
 */
export async function companyKnown(db: Queryable, companyId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM directory_companies WHERE company_id = $1) OR EXISTS (SELECT 1 FROM directory_employees WHERE company_id = $1)`,
    [companyId],
  );
  return (rowCount ?? 0) > 0;
}
