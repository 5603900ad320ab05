import { useId } from 'react';
import { useCompanies } from '../api/get-companies';

interface CompanyScopeSelectProps {
  label: string;
  /** The first choice, '' as its value: every company, or the organisation as a whole. */
  noCompanyLabel: string;
  value: string;
  onChange: (companyId: string) => void;
  testId: string;
}

/** A SuperAdmin's choice of whose data a settings section shows: one company, or none in particular. */
export function CompanyScopeSelect({ label, noCompanyLabel, value, onChange, testId }: CompanyScopeSelectProps) {
  const id = useId();
  const companies = useCompanies(true);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} className="select select-sm w-auto max-w-full" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        <option value="">{noCompanyLabel}</option>
        {companies.data?.items.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
      </select>
    </div>
  );
}
