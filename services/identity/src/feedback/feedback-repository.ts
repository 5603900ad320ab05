import type { Feedback, FeedbackCategory, FeedbackStatus } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { accountScopeCondition, type CompanyScope } from '@ams/service-kit';

export interface NewFeedback {
  id: string;
  senderId: string;
  senderName: string;
  senderEmail: string;
  companyId: string | null;
  category: FeedbackCategory;
  message: string;
  page: string;
  screenshot: Buffer | null;
  createdAt: Date;
}

/** Feedback as stored: named as Feedback's fields, its times still dates. */
type FeedbackRow = Omit<Feedback, 'createdAt' | 'resolvedAt'> & { createdAt: Date; resolvedAt: Date | null };

/** Feedback is seen as its sender's account is: a company's Admins never see a SuperAdmin's. */
function visibleTo(scope: CompanyScope, params: unknown[]): string {
  return accountScopeCondition(scope, { companyId: 'company_id', accountType: '(SELECT s.account_type FROM users s WHERE s.id = feedback.sender_id)' }, params);
}

const select = `SELECT id, category, message, page, screenshot IS NOT NULL AS "hasScreenshot",
  CASE WHEN resolved_at IS NULL THEN 'open' ELSE 'resolved' END AS status, sender_name AS "senderName", sender_email AS "senderEmail",
  company_id AS "companyId", created_at AS "createdAt", resolved_at AS "resolvedAt" FROM feedback`;

function toView({ createdAt, resolvedAt, ...feedback }: FeedbackRow): Feedback {
  return { ...feedback, createdAt: createdAt.toISOString(), resolvedAt: resolvedAt?.toISOString() ?? null };
}

export async function insertFeedback(db: Queryable, feedback: NewFeedback): Promise<Feedback> {
  await db.query(
    `INSERT INTO feedback (id, sender_id, sender_name, sender_email, company_id, category, message, page, screenshot, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      feedback.id,
      feedback.senderId,
      feedback.senderName,
      feedback.senderEmail,
      feedback.companyId,
      feedback.category,
      feedback.message,
      feedback.page,
      feedback.screenshot,
      feedback.createdAt,
    ],
  );
  const found = await findFeedback(db, feedback.id, { kind: 'all' });
  if (!found) throw new Error('The feedback just inserted is missing');
  return found;
}

export async function findFeedback(db: Queryable, id: string, scope: CompanyScope): Promise<Feedback | null> {
  const params: unknown[] = [id];
  const { rows } = await db.query<FeedbackRow>(`${select} WHERE id = $1 AND ${visibleTo(scope, params)}`, params);
  return rows[0] ? toView(rows[0]) : null;
}

export interface FeedbackFilter {
  status?: FeedbackStatus | undefined;
  category?: FeedbackCategory | undefined;
  page: number;
  pageSize: number;
}

export async function listFeedback(db: Queryable, scope: CompanyScope, filter: FeedbackFilter): Promise<{ items: Feedback[]; total: number }> {
  const params: unknown[] = [];
  const conditions = [visibleTo(scope, params)];
  if (filter.status) conditions.push(filter.status === 'resolved' ? 'resolved_at IS NOT NULL' : 'resolved_at IS NULL');
  if (filter.category) {
    params.push(filter.category);
    conditions.push(`category = $${params.length}`);
  }
  const where = conditions.join(' AND ');
  const { rows: counted } = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM feedback WHERE ${where}`, params);
  const { rows } = await db.query<FeedbackRow>(
    `${select} WHERE ${where} ORDER BY created_at DESC, seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return { items: rows.map(toView), total: counted[0]?.total ?? 0 };
}

export async function screenshotOf(db: Queryable, id: string, scope: CompanyScope): Promise<{ found: boolean; screenshot: Buffer | null }> {
  const params: unknown[] = [id];
  const { rows } = await db.query<{ screenshot: Buffer | null }>(`SELECT screenshot FROM feedback WHERE id = $1 AND ${visibleTo(scope, params)}`, params);
  return rows[0] ? { found: true, screenshot: rows[0].screenshot } : { found: false, screenshot: null };
}

/** Marks it resolved once (a second time keeps the first time); false when out of scope or unknown. */
export async function resolveFeedback(db: Queryable, id: string, scope: CompanyScope, resolvedBy: string, now: Date): Promise<boolean> {
  const params: unknown[] = [id, resolvedBy, now];
  const { rowCount } = await db.query(
    `UPDATE feedback SET resolved_at = COALESCE(resolved_at, $3), resolved_by = COALESCE(resolved_by, $2) WHERE id = $1 AND ${visibleTo(scope, params)}`,
    params,
  );
  return (rowCount ?? 0) > 0;
}
