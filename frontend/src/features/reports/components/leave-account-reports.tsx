import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/data-table';
import { Pagination } from '@/components/ui/pagination';
import { QueryState } from '@/components/ui/states';
import { useDateFormat } from '@/lib/use-date-format';
import { useEmployeeLeavesReport } from '../api/get-employee-leaves-report';
import { useUserAccountsReport } from '../api/get-user-accounts-report';
import { REPORT_PAGE_SIZE, reportPageQuery } from '../report-query';
import { employeeColumn } from './employee-column';
import { ReportFrame, ReportPeriod } from './report-frame';
import { useReportFilters } from './use-report-filters';

/** Report 5: leave requests sharing a day with the period, per employee, leave type and status, with their working days. */
export function EmployeeLeavesReport() {
  const { t } = useTranslation();
  const { filters, change } = useReportFilters('employee-leaves');
  const format = useDateFormat(filters.companyId || null);
  const report = useEmployeeLeavesReport(reportPageQuery('employee-leaves', filters));
  const data = report.data;
  const byStatus = data ? Object.entries(data.totals.byStatus) : [];
  return (
    <ReportFrame name="employee-leaves" filters={filters} change={change}>
      <QueryState query={report} />
      {data ? (
        <>
          <ReportPeriod text={t('reports.period', { from: format.date(data.from), to: format.date(data.to) })} />
          {byStatus.length > 0 ? (
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="report-totals">
              {byStatus.map(([status, total]) => (
                <div key={status} className="bg-base-100 rounded-box border-base-300 border p-3">
                  <dt className="text-base-content/70 text-sm">{t(`reports.leaveStatuses.${status}`)}</dt>
                  <dd className="font-semibold" data-testid={`total-${status}`}>
                    {t('reports.requestsAndDays', { requests: total.requests, days: total.workingDays })}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
          <DataTable
            label={t('pages./reports/employee-leaves', { nsSeparator: false })}
            testId="report-table"
            size="sm"
            rows={data.items}
            rowKey={(row) => `${row.employeeId}-${row.leaveTypeId}-${row.status}`}
            emptyText={t('reports.noRows')}
            columns={[
              employeeColumn(t),
              { key: 'leaveType', header: t('reports.columns.leaveType'), cell: (row) => row.leaveTypeName ?? '' },
              { key: 'status', header: t('reports.columns.status'), cell: (row) => t(`reports.leaveStatuses.${row.status}`) },
              { key: 'requests', header: t('reports.columns.requests'), cell: (row) => row.requests },
              { key: 'workingDays', header: t('reports.columns.workingDays'), cell: (row) => row.workingDays },
            ]}
            totals={{ label: t('reports.totals'), cells: { requests: data.totals.requests, workingDays: data.totals.workingDays } }}
          />
          <Pagination page={filters.page} total={data.total} pageSize={REPORT_PAGE_SIZE} onPage={(page) => change({ page })} summary={t('reports.rows', { count: data.total })} />
        </>
      ) : null}
    </ReportFrame>
  );
}

/** Report 9: user accounts, with type, role, status, company and last sign-in. */
export function UserAccountsReport() {
  const { t } = useTranslation();
  const { filters, change } = useReportFilters('user-accounts');
  const format = useDateFormat(filters.companyId || null);
  const report = useUserAccountsReport(reportPageQuery('user-accounts', filters));
  const data = report.data;
  return (
    <ReportFrame name="user-accounts" filters={filters} change={change}>
      <QueryState query={report} />
      {data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="report-totals">
            {[...Object.entries(data.byAccountType).map(([type, count]) => [t(`accountTypes.${type}`), count] as const), ...Object.entries(data.byStatus).map(([status, count]) => [t(`users.statuses.${status}`), count] as const)].map(([label, count]) => (
              <div key={label} className="bg-base-100 rounded-box border-base-300 border p-3">
                <dt className="text-base-content/70 text-sm">{label}</dt>
                <dd className="text-xl font-semibold">{count}</dd>
              </div>
            ))}
          </dl>
          <DataTable
            label={t('pages./reports/user-accounts', { nsSeparator: false })}
            testId="report-table"
            size="sm"
            rows={data.items}
            rowKey={(row) => row.userId}
            emptyText={t('reports.noRows')}
            columns={[
              { key: 'name', header: t('reports.columns.name'), cellClassName: 'font-medium', cell: (row) => row.name },
              { key: 'email', header: t('reports.columns.email'), cellClassName: 'break-all', cell: (row) => row.email },
              { key: 'accountType', header: t('reports.columns.accountType'), cell: (row) => t(`accountTypes.${row.accountType}`) },
              { key: 'role', header: t('reports.columns.role'), cell: (row) => row.roleName ?? '' },
              { key: 'status', header: t('reports.columns.status'), cell: (row) => t(`users.statuses.${row.status}`) },
              { key: 'company', header: t('reports.columns.company'), cell: (row) => row.companyName ?? '' },
              { key: 'lastSignIn', header: t('reports.columns.lastSignIn'), cell: (row) => (row.lastSignInAt ? format.dateTime(row.lastSignInAt) : t('reports.never')) },
            ]}
            totals={{ label: t('reports.totals'), cells: { email: t('reports.accounts', { count: data.total }) } }}
          />
          <Pagination page={filters.page} total={data.total} pageSize={REPORT_PAGE_SIZE} onPage={(page) => change({ page })} summary={t('reports.accounts', { count: data.total })} />
        </>
      ) : null}
    </ReportFrame>
  );
}
