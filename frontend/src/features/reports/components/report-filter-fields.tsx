import { accountTypes, employmentStatuses, leaveStatuses, userStatuses } from '@ams/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeePicker } from '@/components/employee-picker/employee-picker';
import { CompanyDepartmentFilter } from '@/components/ui/company-department-filter';
import { DateField } from '@/components/ui/date-field';
import { ifSettled } from '@/lib/date-input';
import { useDateFormat } from '@/lib/use-date-format';
import { reportFilterKeys, type ReportFilters, type ReportName } from '../report-query';
import { FilterBar } from '@/components/ui/filter-bar';

const months = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;

interface ReportFilterFieldsProps {
  name: ReportName;
  filters: ReportFilters;
  change: (next: Partial<ReportFilters>) => void;
}

/** The filters a report reads: company and department, employee, period or month, and the report's own. */
export function ReportFilterFields({ name, filters, change }: ReportFilterFieldsProps) {
  const { t } = useTranslation();
  const format = useDateFormat();
  const id = useId();
  const keys = new Set(reportFilterKeys[name]);
  const select = (
    key: 'leaveStatus' | 'employmentStatus' | 'accountType' | 'userStatus',
    label: string,
    all: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <select
      className="select w-full"
      aria-label={label}
      value={filters[key]}
      onChange={(event) => change({ [key]: event.target.value })}
      data-testid={`report-${key}`}
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
  return (
    <FilterBar testId="report-filters" hideInPrint>
      {keys.has('companyId') ? (
        keys.has('departmentId') ? (
          <CompanyDepartmentFilter
            companyId={filters.companyId}
            departmentId={filters.departmentId}
            onCompanyChange={(companyId) => change({ companyId, departmentId: '', employeeId: '' })}
            onDepartmentChange={(departmentId) => change({ departmentId })}
            testIdPrefix="report-"
          />
        ) : (
          <CompanyOnly companyId={filters.companyId} onChange={(companyId) => change({ companyId })} />
        )
      ) : null}
      {keys.has('from') ? (
        <>
          <DateField
            layout="inline"
            label={t('reports.from')}
            value={filters.from}
            max={filters.to || undefined}
            onValue={ifSettled((from) => change({ from }))}
            testId="report-from"
          />
          <DateField
            layout="inline"
            label={t('reports.to')}
            value={filters.to}
            min={filters.from || undefined}
            onValue={ifSettled((to) => change({ to }))}
            testId="report-to"
          />
        </>
      ) : null}
      {keys.has('date') ? (
        <DateField layout="inline" label={t('reports.onDate')} value={filters.date} onValue={ifSettled((date) => change({ date }))} testId="report-date" />
      ) : null}
      {keys.has('month') ? (
        <select
          className="select w-full"
          aria-label={t('reports.month')}
          value={filters.month}
          onChange={(event) => change({ month: event.target.value })}
          data-testid="report-month"
        >
          <option value="">{t('reports.allMonths')}</option>
          {months.map((month) => (
            <option key={month} value={String(month)}>
              {format.monthName(month)}
            </option>
          ))}
        </select>
      ) : null}
      {keys.has('leaveStatus')
        ? select(
            'leaveStatus',
            t('reports.leaveStatus'),
            t('reports.allStatuses'),
            [...leaveStatuses, 'withdrawn'].map((status) => ({ value: status, label: t(`reports.leaveStatuses.${status}`) })),
          )
        : null}
      {keys.has('employmentStatus')
        ? select(
            'employmentStatus',
            t('reports.employmentStatus'),
            t('reports.allStatuses'),
            employmentStatuses.map((status) => ({ value: status, label: t(`employees.statuses.${status}`) })),
          )
        : null}
      {keys.has('accountType')
        ? select(
            'accountType',
            t('reports.accountType'),
            t('reports.allAccountTypes'),
            accountTypes.map((type) => ({ value: type, label: t(`accountTypes.${type}`) })),
          )
        : null}
      {keys.has('userStatus')
        ? select(
            'userStatus',
            t('reports.userStatus'),
            t('reports.allStatuses'),
            userStatuses.map((status) => ({ value: status, label: t(`users.statuses.${status}`) })),
          )
        : null}
      {keys.has('employeeId') ? (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${id}-employee`} className="text-sm font-medium">
            {t('reports.employee')}
          </label>
          <EmployeePicker
            id={`${id}-employee`}
            aria-invalid={false}
            aria-describedby={undefined}
            value={filters.employeeId}
            companyId={filters.companyId || undefined}
            noneLabel={t('reports.allEmployees')}
            onChange={(employeeId) => change({ employeeId })}
          />
        </div>
      ) : null}
    </FilterBar>
  );
}

function CompanyOnly({ companyId, onChange }: { companyId: string; onChange: (companyId: string) => void }) {
  // The department filter stays, disabled, so every report's company filter looks and reads the same.
  return (
    <CompanyDepartmentFilter companyId={companyId} departmentId="" onCompanyChange={onChange} onDepartmentChange={() => undefined} testIdPrefix="report-" />
  );
}
