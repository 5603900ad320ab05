import { issueMessage, type StatedMessage } from '@ams/contracts';
import { useCallback, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import type { FieldProblem } from './api-client';

/** Each field's message by its path, with its catalogue key: shown in the current language by `translateProblem`. */
export type FieldErrors = Partial<Record<string, StatedMessage>>;

/** The first message per field path of a failed zod parse ('' for form-wide messages). */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string; params?: unknown }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issueMessage(issue);
  }
  return errors;
}

/** The first message of a failed parse, for a form of one field. */
export function firstIssueOf(error: z.ZodError): StatedMessage | undefined {
  const issue = error.issues[0];
  return issue && issueMessage(issue);
}

export function serverFieldErrors(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.path] ??= problem;
  return errors;
}

export interface FormControls<Values> {
  setErrors: (errors: FieldErrors) => void;
  setValues: (values: Values) => void;
}

/** Same values: forms hold strings, numbers, booleans and arrays of them. */
function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Form state validated by a zod schema on submit; `onValid` receives the parsed value.
 * Messages keep their keys here and are translated where they are shown.
 * `dirty`: the values differ from the start and have not been sent since the last change (a save that
 * fails calls `setErrors` from `onValid`'s controls, which makes the form dirty again); the discard guard
 * asks before leaving a dirty form.
 */
export function useZodForm<Values extends Record<string, unknown>, Output>(
  schema: z.ZodType<Output>,
  initial: Values,
  onValid: (value: Output, form: FormControls<Values>) => void,
) {
  const [values, setValues] = useState<Values>(initial);
  const [baseline] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);

  const setField = useCallback(<K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined, '': undefined }));
    setSent(false);
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      const form = event.currentTarget;
      // Focus the first invalid field so keyboard and screen-reader users land on the problem.
      queueMicrotask(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSent(true);
    onValid(parsed.data, {
      setErrors: (next) => {
        setErrors(next);
        setSent(false);
      },
      setValues,
    });
  };

  // A text field's name, value, error and change, to spread on a TextField (each form wired them by hand).
  const field = <K extends keyof Values & string>(name: Values[K] extends string ? K : never) => ({
    name,
    value: values[name] as string,
    error: errors[name],
    onValue: (value: string) => setField(name, value as Values[K]),
  });

  const dirty = !sent && !sameValues(values, baseline);
  return { values, setValues, setField, field, errors, setErrors, onSubmit, dirty };
}
