import { containsPattern, listConditions, type Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';
import { withIsoTimestamps } from '../database-errors.ts';
import type { RecordType } from './record-types.ts';

// Every record type's SQL, written once. Table and column names come from the record types, never from input.

export interface OrganisationListQuery {
  search?: string | undefined;
  page: number;
  pageSize: number;
  [filter: string]: unknown;
}

type AnyRecordType = RecordType<{ name: string }, { id: string }>;
type StoredRow = { id: string; createdAt: Date; updatedAt: Date };

function itemOf<TItem>(row: StoredRow): TItem {
  return withIsoTimestamps(row) as unknown as TItem;
}

export async function findRecord<TItem>(db: Queryable, type: AnyRecordType, id: string, scope: CompanyScope): Promise<TItem | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<StoredRow>(
    `SELECT ${type.columns} FROM ${type.from} WHERE ${type.idColumn} = $1 AND ${scopeCondition(scope, type.companyColumn, params)}`,
    params,
  );
  return rows[0] ? itemOf<TItem>(rows[0]) : null;
}

/** Every record of the type, for a history answer. */
export async function allRecords<TItem>(db: Queryable, type: AnyRecordType): Promise<TItem[]> {
  const { rows } = await db.query<StoredRow>(`SELECT ${type.columns} FROM ${type.from} ORDER BY ${type.orderBy}`);
  return rows.map((row) => itemOf<TItem>(row));
}

/** Locks the row so concurrent changes to one record run one after the other. */
export async function lockRecord(db: Queryable, type: AnyRecordType, id: string): Promise<void> {
  await db.query(`SELECT 1 FROM ${type.table} WHERE id = $1 FOR UPDATE`, [id]);
}

export async function listRecords<TItem>(
  db: Queryable,
  type: AnyRecordType,
  scope: CompanyScope,
  query: OrganisationListQuery,
): Promise<{ items: TItem[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [scopeCondition(scope, type.companyColumn, params)];
  if (query.search) {
    params.push(containsPattern(query.search));
    conditions.push(`lower(${type.nameColumn}) LIKE $${params.length}`);
  }
  conditions.push(
    ...listConditions(params, { equal: Object.fromEntries(Object.entries(type.filters).map(([parameter, column]) => [column, query[parameter]])) }),
  );
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await db.query<StoredRow & { total: number }>(
    `SELECT ${type.columns}, count(*) OVER ()::int AS total FROM ${type.from}
     WHERE ${conditions.join(' AND ')} ORDER BY ${type.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  if (rows.length === 0 && query.page > 1) {
    // Past the last page: the total still tells the client where the records are.
    const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${type.from} WHERE ${conditions.join(' AND ')}`, params.slice(0, -2));
    return { items: [], total: count.rows[0]?.total ?? 0 };
  }
  return { items: rows.map(({ total: _total, ...row }) => itemOf<TItem>(row)), total: rows[0]?.total ?? 0 };
}

export async function insertRecord(db: Queryable, type: AnyRecordType, id: string, row: Record<string, unknown>, now: Date): Promise<void> {
  const columns = Object.keys(row);
  await db.query(
    `INSERT INTO ${type.table} (id, created_at, updated_at, ${columns.join(', ')})
     VALUES ($1, $2, $2, ${columns.map((_, index) => `$${index + 3}`).join(', ')})`,
    [id, now, ...Object.values(row)],
  );
}

export async function updateRecord(db: Queryable, type: AnyRecordType, id: string, row: Record<string, unknown>, now: Date): Promise<void> {
  const columns = Object.keys(row);
  await db.query(`UPDATE ${type.table} SET ${columns.map((column, index) => `${column} = $${index + 3}`).join(', ')}, updated_at = $2 WHERE id = $1`, [
    id,
    now,
    ...Object.values(row),
  ]);
}

export async function deleteRecord(db: Queryable, type: AnyRecordType, id: string): Promise<void> {
  await db.query(`DELETE FROM ${type.table} WHERE id = $1`, [id]);
}
