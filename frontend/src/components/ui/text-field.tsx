import type { InputHTMLAttributes } from 'react';
import type { KeyedFailure } from '@/lib/i18n';
import { FormField } from './form-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'aria-invalid' | 'aria-describedby'>;

interface TextFieldProps extends InputProps {
  label: string;
  error?: KeyedFailure | undefined;
  hint?: string | undefined;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled text input (text, email, password, date, time…) with its error and hint: the form field most forms repeat. */
export function TextField({ label, error, hint, value, onValue, className = 'input w-full', ...input }: TextFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <input {...control} {...input} className={className} value={value} onChange={(event) => onValue(event.target.value)} />}
    </FormField>
  );
}
