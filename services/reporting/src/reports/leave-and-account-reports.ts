import type { z } from 'zod';
import type { employeeLeavesReportSchema, ReportQuery, userAccountsReportSchema } from '@ams/contracts';
import { scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { ReportingContext } from '../context.ts';
import { periodOf } from './attendance-reports.ts';
import { leaveTallies, userAccountsPage } from './directory-repository.ts';

/** Report 5: leave requests sharing a day with the period, per employee, type and status (working days as requested). */
export async function employeeLeavesReport(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: ReportQuery,
): Promise<z.input<typeof employeeLeavesReportSchema>> {
  const { from, to } = periodOf(query, ctx.now());
  const rows = await leaveTallies(
    ctx.pool,
    scopeOf(caller),
    { companyId: query.companyId, departmentId: query.departmentId, employeeId: query.employeeId, status: query.leaveStatus },
    from,
    to,
  );
  const byStatus: Record<string, { requests: number; workingDays: number }> = {};
  let requests = 0;
  let workingDays = 0;
  for (const row of rows) {
    const status = (byStatus[row.status] ??= { requests: 0, workingDays: 0 });
    status.requests += row.requests;
    status.workingDays += row.workingDays;
    requests += row.requests;
    workingDays += row.workingDays;
  }
  return {
    from,
    to,
    items: rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize),
    total: rows.length,
    totals: { requests, workingDays, byStatus },
  };
}

/** Report 9: user accounts with their type, role, status, company and last sign-in; an Admin sees their company's. */
export async function userAccountsReport(
  ctx: ReportingContext,
  caller: SignedInPrincipal,
  query: ReportQuery,
): Promise<z.input<typeof userAccountsReportSchema>> {
  const filter = { companyId: query.companyId, accountType: query.accountType, status: query.userStatus };
  const { items, tallies } = await userAccountsPage(ctx.pool, scopeOf(caller), filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize });
  const byAccountType: Record<string, number> = {};
  const byStatus: Record<string, number> = {};
  for (const { accountType, status, count } of tallies) {
    byAccountType[accountType] = (byAccountType[accountType] ?? 0) + count;
    byStatus[status] = (byStatus[status] ?? 0) + count;
  }
  return {
    items: items.map((user) => ({ ...user, lastSignInAt: user.lastSignInAt?.toISOString() ?? null })),
    total: tallies.reduce((sum, { count }) => sum + count, 0),
    byAccountType,
    byStatus,
  };
}
