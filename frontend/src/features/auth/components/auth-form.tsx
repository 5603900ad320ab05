import type { FormEvent, ReactNode } from 'react';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';

interface AuthFormProps {
  /** Names the heading the form is labelled by (`<id>-title`). */
  id: string;
  title: string;
  intro?: string;
  /** The server's refusal, announced above the fields. */
  failure: KeyedFailure | null;
  failureTestId?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** A sign-in or sign-up card's form: its heading names it and the server's refusal is announced above the fields. */
export function AuthForm({ id, title, intro, failure, failureTestId, onSubmit, children }: AuthFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h1 id={`${id}-title`} className={`${intro ? 'mb-1' : 'mb-4'} text-2xl font-bold`}>
        {title}
      </h1>
      {intro ? <p className="mb-4 text-base-content/70">{intro}</p> : null}
      {failure ? (
        <div role="alert" className="alert alert-error alert-soft" data-testid={failureTestId}>
          {translateProblem(failure)}
        </div>
      ) : null}
      {children}
    </form>
  );
}
