import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { focusFirstFieldOnMount } from '@/lib/focus-on-mount';
import type { KeyedFailure } from '@/lib/i18n';

/** The server's words on the kiosk's forms (a refusal, a wrong PIN), announced as they appear. */
export function ClockNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p role="alert" className="alert alert-warning alert-soft" data-testid="clock-notice">
      {notice}
    </p>
  );
}

/** The kiosk's PIN field: large, numeric, never remembered by the browser. */
export function KioskPinField({ error, value, onValue }: { error: KeyedFailure | undefined; value: string; onValue: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('clock.pin')}
      error={error}
      name="pin"
      type="password"
      inputMode="numeric"
      autoComplete="off"
      className="input input-lg w-full"
      value={value}
      onValue={onValue}
    />
  );
}

/** The kiosk form's submit button, busy while the server answers. */
export function ContinueButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="btn btn-primary btn-lg mt-2" disabled={pending}>
      {pending ? <span className="loading loading-spinner" aria-hidden="true" /> : null}
      {t('clock.continue')}
    </button>
  );
}

/** A kiosk form's card: its title, then what it asks, its first field focused as it opens. */
export function KioskForm({
  title,
  onSubmit,
  testId,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      ref={focusFirstFieldOnMount}
      className="bg-base-100 rounded-box flex w-full max-w-md flex-col gap-2 p-6 text-start shadow"
      data-testid={testId}
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </form>
  );
}
