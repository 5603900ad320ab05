import { useTranslation } from 'react-i18next';
import { OptionSelect } from '@/components/ui/option-select';
import { useOrganisationOptions } from '@/lib/organisation-options';

interface CompanyDepartmentFilterProps {
  companyId: string;
  departmentId: string;
  /** A new company clears the department (and whatever else the list narrows within it). */
  onCompanyChange: (companyId: string) => void;
  onDepartmentChange: (departmentId: string) => void;
  /** Before `company-filter` and `department-filter`, where a page shows more than one list. */
  testIdPrefix?: string;
}

/** A list's company filter and, within the chosen company, its department filter. */
export function CompanyDepartmentFilter({ companyId, departmentId, onCompanyChange, onDepartmentChange, testIdPrefix = '' }: CompanyDepartmentFilterProps) {
  const { t } = useTranslation();
  const companies = useOrganisationOptions('companies');
  const departments = useOrganisationOptions('departments', { companyId }, companyId !== '');
  return (
    <>
      <OptionSelect
        name="companyFilter"
        aria-label={t('common.company')}
        value={companyId}
        options={companies}
        emptyLabel={t('common.allCompanies')}
        onChange={onCompanyChange}
        data-testid={`${testIdPrefix}company-filter`}
      />
      <OptionSelect
        name="departmentFilter"
        aria-label={t('common.department')}
        value={departmentId}
        options={departments}
        emptyLabel={t('common.allDepartments')}
        disabled={companyId === ''}
        onChange={onDepartmentChange}
        data-testid={`${testIdPrefix}department-filter`}
      />
    </>
  );
}
