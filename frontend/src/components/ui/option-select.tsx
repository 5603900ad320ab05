import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Option } from '@/lib/organisation-options';

interface OptionSelectProps {
  id?: string;
  name: string;
  value: string;
  options: Pick<UseQueryResult<{ items: readonly Option[] }>, 'data' | 'isFetching'>;
  /** The first choice: "Choose…" in a form, "All …" in a filter. */
  emptyLabel: string;
  /** When the first choice reads "Loading…" (by default: while the list is fetched and not yet there). */
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  onChange: (value: string) => void;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'data-testid'?: string;
}

/** A select of organisation records (companies, departments, job titles, leave types, leave groups). */
export function OptionSelect({
  options,
  emptyLabel,
  loading = options.isFetching && !options.data,
  onChange,
  className = 'select w-full',
  ...props
}: OptionSelectProps) {
  const { t } = useTranslation();
  return (
    <select {...props} className={className} onChange={(event) => onChange(event.target.value)}>
      <option value="">{loading ? t('common.loading') : emptyLabel}</option>
      {options.data?.items.map((option) => (
        <option key={option.id} value={option.id}>
          {option.status === 'disabled' ? t('employees.disabledOption', { name: option.name }) : option.name}
        </option>
      ))}
    </select>
  );
}
