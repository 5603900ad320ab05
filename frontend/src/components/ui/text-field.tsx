import type { InputHTMLAttributes, ReactNode } from 'react';
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

interface TextAreaFieldProps {
  label: string;
  error?: KeyedFailure | undefined;
  hint?: string | undefined;
  name: string;
  value: string;
  onValue: (value: string) => void;
}

/** A labelled full-width text area with its error and hint (a reason, a note). */
export function TextAreaField({ label, error, hint, name, value, onValue }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => <textarea {...control} name={name} className="textarea w-full" value={value} onChange={(event) => onValue(event.target.value)} />}
    </FormField>
  );
}

/** A form's value that cannot change here (an edit keeps it), labelled like the fields around it. */
export function ReadOnlyField({ label, children, className = 'py-2' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="fieldset py-1">
      <span className="fieldset-legend pb-1 text-sm font-medium">{label}</span>
      <p className={className}>{children}</p>
    </div>
  );
}
