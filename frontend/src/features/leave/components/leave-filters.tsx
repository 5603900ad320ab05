import { leaveStatuses, type LeaveStatus } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { CompanyDepartmentFilter } from '@/components/ui/company-department-filter';
import { DateField } from '@/components/ui/date-field';
import { ifSettled } from '@/lib/date-input';
import { OptionSelect } from '@/components/ui/option-select';
import { useAuthorization } from '@/lib/authorization';
import { useOrganisationOptions } from '@/lib/organisation-options';
import type { LeaveListFilters } from '../stores/list-filters';
import { SearchField } from '@/components/ui/search-field';
import { FilterBar } from '@/components/ui/filter-bar';

interface LeaveFiltersProps {
  filters: LeaveListFilters;
  onChange: (next: Partial<LeaveListFilters>) => void;
  /** The calendar filters by company and department only. */
  view: 'list' | 'calendar';
}

/** The admin's leave filters: employee name, status, leave type, company, department and dates. */
export function LeaveFilters({ filters, onChange, view }: LeaveFiltersProps) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const leaveTypes = useOrganisationOptions('leaveTypes', { companyId: filters.companyId }, view === 'list' && can('leaveType.read'));
  return (
    <FilterBar>
      {view === 'list' ? (
        <SearchField label={t('leave.quickSearch')} value={filters.search} onValue={(value) => onChange({ search: value })} testId="leave-search" />
      ) : null}
      <CompanyDepartmentFilter
        companyId={filters.companyId}
        departmentId={filters.departmentId}
        onCompanyChange={(companyId) => onChange({ companyId, departmentId: '', leaveTypeId: '' })}
        onDepartmentChange={(departmentId) => onChange({ departmentId })}
        testIdPrefix="leave-"
      />
      {view === 'list' ? (
        <>
          <select
            className="select w-full"
            aria-label={t('leave.fields.status')}
            value={filters.status}
            onChange={(event) => onChange({ status: event.target.value as LeaveStatus | '' })}
            data-testid="leave-status-filter"
          >
            <option value="">{t('leave.allStatuses')}</option>
            {leaveStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`leave.statuses.${status}`)}
              </option>
            ))}
          </select>
          {can('leaveType.read') ? (
            <OptionSelect
              name="leaveTypeFilter"
              aria-label={t('leave.fields.leaveType')}
              value={filters.leaveTypeId}
              options={leaveTypes}
              emptyLabel={t('leave.allTypes')}
              onChange={(leaveTypeId) => onChange({ leaveTypeId })}
              data-testid="leave-type-filter"
            />
          ) : null}
          <DateField
            layout="inline"
            label={t('leave.fields.from')}
            value={filters.from}
            max={filters.to || undefined}
            onValue={ifSettled((from) => onChange({ from }))}
            testId="leave-from"
          />
          <DateField
            layout="inline"
            label={t('leave.fields.to')}
            value={filters.to}
            min={filters.from || undefined}
            onValue={ifSettled((to) => onChange({ to }))}
            testId="leave-to"
          />
        </>
      ) : null}
    </FilterBar>
  );
}
