import { useId, type ReactNode } from 'react';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';

interface FieldProps {
  label: string;
  error?: KeyedFailure | undefined;
  hint?: string | undefined;
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled control with its error announced and tied to it by aria-describedby. */
export function FormField({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="fieldset py-1">
      <label htmlFor={id} className="fieldset-legend pb-1 text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="label text-xs whitespace-normal">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-error text-sm" role="alert">
          {translateProblem(error)}
        </p>
      ) : null}
    </div>
  );
}
