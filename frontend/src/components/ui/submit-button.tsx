import type { ReactNode } from 'react';

/** A form's submit button: disabled, with a spinner, while the form is being sent. */
export function SubmitButton({ pending, className = 'btn btn-primary', children }: { pending: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={pending}>
      {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
