import { useEmployeeLeavesReport } from '../api/get-employee-leaves-report';
import { useUserAccountsReport } from '../api/get-user-accounts-report';
import { employeeColumn } from './employee-column';
import { FigureCards, ReportFrame, ReportPeriod, ReportTable } from './report-frame';
import { useReportPage } from './use-report-page';

/** Report 5: leave requests sharing a day with the period, per employee, leave type and status, with their working days. */
export function EmployeeLeavesReport() {
  const { t, title, format, frame, pages } = useReportPage('employee-leaves', useEmployeeLeavesReport);
  return (
    <ReportFrame {...frame}>
      {(data) => {
        const byStatus = Object.entries(data.totals.byStatus);
        return (
          <>
            <ReportPeriod from={data.from} to={data.to} format={format} />
            {byStatus.length > 0 ? (
              <FigureCards
                compact
                cards={byStatus.map(([status, total]) => ({
                  key: status,
                  label: t(`reports.leaveStatuses.${status}`),
                  value: t('reports.requestsAndDays', { requests: total.requests, days: total.workingDays }),
                  testId: `total-${status}`,
                }))}
              />
            ) : null}
            <ReportTable
              label={title}
              rows={data.items}
              rowKey={(row) => `${row.employeeId}-${row.leaveTypeId}-${row.status}`}
              columns={[
                employeeColumn(t),
                { key: 'leaveType', header: t('reports.columns.leaveType'), cell: (row) => row.leaveTypeName ?? '' },
                { key: 'status', header: t('reports.columns.status'), cell: (row) => t(`reports.leaveStatuses.${row.status}`) },
                { key: 'requests', header: t('reports.columns.requests'), cell: (row) => row.requests },
                { key: 'workingDays', header: t('reports.columns.workingDays'), cell: (row) => row.workingDays },
              ]}
              totals={{ label: t('reports.totals'), cells: { requests: data.totals.requests, workingDays: data.totals.workingDays } }}
              pages={pages(data.total, t('reports.rows', { count: data.total }))}
            />
          </>
        );
      }}
    </ReportFrame>
  );
}

/** Report 9: user accounts, with type, role, status, company and last sign-in. */
export function UserAccountsReport() {
  const { t, title, format, frame, pages } = useReportPage('user-accounts', useUserAccountsReport);
  return (
    <ReportFrame {...frame}>
      {(data) => (
        <>
          <FigureCards
            cards={[
              ...Object.entries(data.byAccountType).map(([type, count]) => ({ key: `type-${type}`, label: t(`accountTypes.${type}`), value: count })),
              ...Object.entries(data.byStatus).map(([status, count]) => ({ key: `status-${status}`, label: t(`users.statuses.${status}`), value: count })),
            ]}
          />
          <ReportTable
            label={title}
            rows={data.items}
            rowKey={(row) => row.userId}
            columns={[
              { key: 'name', header: t('reports.columns.name'), cellClassName: 'font-medium', cell: (row) => row.name },
              { key: 'email', header: t('reports.columns.email'), cellClassName: 'break-all', cell: (row) => row.email },
              { key: 'accountType', header: t('reports.columns.accountType'), cell: (row) => t(`accountTypes.${row.accountType}`) },
              { key: 'role', header: t('reports.columns.role'), cell: (row) => row.roleName ?? '' },
              { key: 'status', header: t('reports.columns.status'), cell: (row) => t(`users.statuses.${row.status}`) },
              { key: 'company', header: t('reports.columns.company'), cell: (row) => row.companyName ?? '' },
              {
                key: 'lastSignIn',
                header: t('reports.columns.lastSignIn'),
                cell: (row) => (row.lastSignInAt ? format.dateTime(row.lastSignInAt) : t('reports.never')),
              },
            ]}
            totals={{ label: t('reports.totals'), cells: { email: t('reports.accounts', { count: data.total }) } }}
            pages={pages(data.total, t('reports.accounts', { count: data.total }))}
          />
        </>
      )}
    </ReportFrame>
  );
}
