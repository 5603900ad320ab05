import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { boundsOf, dateInputText, datePattern, parseDateInput } from '@/lib/date-input';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';
import type { DateFormat } from '@/lib/date-format';
import { useDateFormat } from '@/lib/use-date-format';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { Spinner } from './spinner';
import { Icon } from './icon';

// The month grid (react-day-picker and date-fns) loads the first time someone opens a calendar.
const DateCalendar = lazy(async () => ({ default: (await import('./date-calendar')).DateCalendar }));

/** The pattern the API's date schemas name in their messages. */
const API_DATE_PATTERN = 'YYYY-MM-DD';

interface Problem {
  message: string;
  kind: 'unreadable' | 'bounds';
}

interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', '' when empty, or the text typed while it is not a date (so a form's schema refuses it). */
  value: string;
  onValue: (value: string) => void;
  error?: KeyedFailure | undefined;
  hint?: string | undefined;
  name?: string;
  min?: string | undefined;
  max?: string | undefined;
  testId?: string;
  /** 'field': label above, as in forms; 'inline': label inside the box, as in filter bars. */
  layout?: 'field' | 'inline';
  /** A company's own date format (a form about another company's employee); else the caller's company's. */
  format?: DateFormat | undefined;
}

/**
 * A date typed in the organisation's numeric order and separator (23/11/2026 in the UK, 11/23/2026 in the US)
 * or picked from a month grid, whatever the browser's own locale; the value stays 'YYYY-MM-DD'.
 */
export function DateField({ label, value, onValue, error, hint, name, min, max, testId, layout = 'field', format: companyFormat }: DateFieldProps) {
  const { t } = useTranslation();
  const ownFormat = useDateFormat();
  const format = companyFormat ?? ownFormat;
  const id = useId();
  const [text, setText] = useState(() => dateInputText(value, format.settings));
  const [ownError, setOwnError] = useState<Problem | null>(null);
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);

  // A value set from outside (a reset, the return date following the end date, the settings arriving) shows in the
  // order; checked while rendering (React's 'adjust state on a prop change') so typing is never overwritten.
  const [shown, setShown] = useState({ value, settings: format.settings });
  if (shown.value !== value || shown.settings !== format.settings) {
    setShown({ value, settings: format.settings });
    const typed = parseDateInput(text, format.settings);
    const current = typed.kind === 'date' ? typed.iso : typed.kind === 'empty' ? '' : text.trim();
    if (current !== value || shown.settings !== format.settings) {
      setText(dateInputText(value, format.settings));
      setOwnError(null);
    }
  }

  const pattern = datePattern(format.settings, { day: t('dateField.dd'), month: t('dateField.mm'), year: t('dateField.yyyy') });
  const problemOf = (typed: string): Problem | null => {
    const input = parseDateInput(typed, format.settings);
    if (input.kind === 'unreadable') return { message: t('dateField.unreadable', { pattern }), kind: 'unreadable' };
    if (input.kind === 'impossible') return { message: t('dateField.impossible'), kind: 'unreadable' };
    if (input.kind === 'empty') return null;
    const bounds = boundsOf(input.iso, min, max);
    if (bounds === 'beforeMin') return { message: t('dateField.beforeMin', { date: format.date(min ?? '') }), kind: 'bounds' };
    if (bounds === 'afterMax') return { message: t('dateField.afterMax', { date: format.date(max ?? '') }), kind: 'bounds' };
    return null;
  };

  const change = (typed: string) => {
    setText(typed);
    setOwnError(null);
    const input = parseDateInput(typed, format.settings);
    onValue(input.kind === 'date' ? input.iso : input.kind === 'empty' ? '' : typed.trim());
  };
  const pick = (iso: string) => {
    setText(dateInputText(iso, format.settings));
    setOwnError(problemOf(iso));
    setOpen(false);
    onValue(iso);
  };

  // What cannot be read is told first; a date out of bounds yields to the form's own rule (the spec's message).
  // A schema's 'must be a date (YYYY-MM-DD)' names the API's pattern: the person is asked for the field's own.
  const formError = error ? (error.message.includes(API_DATE_PATTERN) ? t('dateField.unreadable', { pattern }) : translateProblem(error)) : null;
  const shownError = ownError?.kind === 'unreadable' ? ownError.message : (formError ?? ownError?.message ?? null);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [shownError ? errorId : '', hintId].filter(Boolean).join(' ');
  const hintText = [hint, t('dateField.format', { pattern })].filter(Boolean).join(' ');
  const input = (
    <input
      id={id}
      name={name}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={pattern}
      className="grow"
      value={text}
      aria-invalid={Boolean(shownError)}
      aria-describedby={describedBy}
      onChange={(event) => change(event.target.value)}
      onBlur={() => {
        const problem = problemOf(text);
        setOwnError(problem);
        // A date typed loosely (1-2-2026) is shown back in the order once the field is left.
        const input = parseDateInput(text, format.settings);
        if (input.kind === 'date') setText(dateInputText(input.iso, format.settings));
      }}
      data-testid={testId}
    />
  );
  const calendarButton = (
    <button
      type="button"
      className="btn btn-ghost btn-sm btn-square -me-2"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setOpen(true)}
      data-testid={testId ? `${testId}-calendar` : undefined}
    >
      <Icon name="calendar" />
      {/* Named by text, not aria-label, so finding the field by its label finds the field alone. */}
      <span className="sr-only">{t('dateField.openCalendar', { label })}</span>
    </button>
  );
  const labelClass = layout === 'field' ? 'fieldset-legend pb-1 text-sm font-medium' : 'label';

  return (
    <div className={layout === 'field' ? 'fieldset py-1' : 'flex w-full flex-col'}>
      {layout === 'field' ? (
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
      ) : null}
      <div className="input w-full">
        {layout === 'inline' ? (
          <label htmlFor={id} className={labelClass}>
            {label}
          </label>
        ) : null}
        {input}
        {calendarButton}
      </div>
      <p id={hintId} className={layout === 'field' ? 'label text-xs whitespace-normal' : 'sr-only'}>
        {hintText}
      </p>
      {shownError ? (
        <p
          id={errorId}
          // In a filter bar the page's grey would take the red below AA contrast: the message keeps the field's white.
          className={layout === 'field' ? 'text-error text-sm' : 'text-error bg-base-100 rounded-field mt-1 px-2 py-0.5 text-sm'}
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {shownError}
        </p>
      ) : null}
      <dialog
        ref={dialog}
        className="modal"
        aria-label={t('dateField.calendar')}
        onClose={() => setOpen(false)}
        // A click on the backdrop (the dialog itself, outside its box) closes it, as Escape does.
        onClick={(event) => event.target === event.currentTarget && setOpen(false)}
      >
        <div className="modal-box w-auto max-w-none p-2">
          {open ? (
            <Suspense fallback={<Spinner />}>
              <DateCalendar value={parseDateInput(text, format.settings)} min={min} max={max} today={format.today()} settings={format.settings} onPick={pick} />
            </Suspense>
          ) : null}
          <div className="flex justify-end p-2">
            <button type="button" className="btn btn-sm" onClick={() => setOpen(false)}>
              {t('common.close')}
            </button>
          </div>
        </div>
      </dialog>
    </div>
  );
}
