import { leaveStatuses, type LeaveStatus } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { CompanyDepartmentFilter } from '@/components/ui/company-department-filter';
import { OptionSelect } from '@/components/ui/option-select';
import { useAuthorization } from '@/lib/authorization';
import { useOrganisationOptions } from '@/lib/organisation-options';
import type { LeaveListFilters } from '../stores/list-filters';
import { SearchField } from '@/components/ui/search-field';

interface LeaveFiltersProps {
  filters: LeaveListFilters;
  onChange: (next: Partial<LeaveListFilters>) => void;
  /** The calendar filters by company and department only. */
  view: 'list' | 'calendar';
}

/** The admin's leave filters: employee name, status, leave type, company, department and dates. */
export function LeaveFilters({ filters, onChange, view }: LeaveFiltersProps) {
  const { t, i18n } = useTranslation();
  const { can } = useAuthorization();
  const leaveTypes = useOrganisationOptions('leaveTypes', { companyId: filters.companyId }, view === 'list' && can('leaveType.read'));
  return (
    <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
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
          <label className="input w-full">
            <span className="label">{t('leave.fields.from')}</span>
            <input type="date" lang={i18n.language} value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} data-testid="leave-from" />
          </label>
          <label className="input w-full">
            <span className="label">{t('leave.fields.to')}</span>
            <input type="date" lang={i18n.language} value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} data-testid="leave-to" />
          </label>
        </>
      ) : null}
    </div>
  );
}
