import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useEmployeeOptions } from './get-employee-options';
import { SearchField } from '@/components/ui/search-field';

interface EmployeePickerProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  value: string;
  /** The employee chosen and their company (null when none is). */
  onChange: (employeeId: string, companyId: string | null) => void;
  /** Only this company's employees (e.g. the company of the account being linked). */
  companyId?: string | undefined;
  /** What the empty choice says (default: 'Choose an employee…'). */
  noneLabel?: string | undefined;
}

/** Shared by the attendance, schedule and user forms: a search box narrowing a list of active employees (by name, email or national ID), and the choice. */
export function EmployeePicker({ value, onChange, companyId, noneLabel, ...control }: EmployeePickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useEmployeeOptions(settled, companyId);
  const items = options.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      <SearchField label={t('common.searchEmployee')} value={search} onValue={(value) => setSearch(value)} testId="employee-picker-search" />
      <select
        {...control}
        name="employeeId"
        className="select w-full"
        value={value}
        onChange={(event) => onChange(event.target.value, items.find((item) => item.id === event.target.value)?.companyId ?? null)}
      >
        <option value="">{options.data && items.length === 0 ? t('common.noEmployees') : (noneLabel ?? t('common.chooseEmployee'))}</option>
        {value !== '' && !items.some((item) => item.id === value) ? <option value={value}>{value}</option> : null}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} · {item.nationalId}
          </option>
        ))}
      </select>
    </div>
  );
}
