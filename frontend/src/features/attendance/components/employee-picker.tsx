import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useEmployeeOptions } from '../api/get-employee-options';

interface EmployeePickerProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  value: string;
  onChange: (employeeId: string) => void;
}

/** A search box narrowing a list of active employees (by name, email or national ID), and the choice. */
export function EmployeePicker({ value, onChange, ...control }: EmployeePickerProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const options = useEmployeeOptions(settled);
  const items = options.data ?? [];
  return (
    <div className="flex flex-col gap-2">
      <label className="input w-full">
        <span className="sr-only">{t('attendance.searchEmployee')}</span>
        <input type="search" placeholder={t('attendance.searchEmployee')} value={search} onChange={(event) => setSearch(event.target.value)} data-testid="employee-picker-search" />
      </label>
      <select {...control} name="employeeId" className="select w-full" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{options.data && items.length === 0 ? t('attendance.noEmployees') : t('attendance.chooseEmployee')}</option>
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
