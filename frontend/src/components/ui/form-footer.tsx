import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { translateProblem, type KeyedFailure } from '@/lib/i18n';
import { DiscardGuard } from './discard-guard';
import { SubmitButton } from './submit-button';

interface FormFooterProps {
  /** The form's own error (not a field's), from the validation rules or the server. */
  error: KeyedFailure | undefined;
  pending: boolean;
  submitLabel: string;
  /** Where Cancel goes back to. */
  cancelTo: string;
  submitClassName?: string;
  /** Unsaved changes: leaving the page asks first (spec §8 discard). */
  dirty: boolean;
}

/** The end of a page form: its error, if any, then submit (busy while saving) and cancel; leaving it unsaved asks first. */
export function FormFooter({ error, pending, submitLabel, cancelTo, submitClassName = 'btn-primary', dirty }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {error ? (
        <p role="alert" className="text-error">
          {translateProblem(error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-2">
        <SubmitButton pending={pending} className={`btn ${submitClassName}`}>
          {submitLabel}
        </SubmitButton>
        <Link to={cancelTo} className="btn">
          {t('common.cancel')}
        </Link>
      </div>
      <DiscardGuard dirty={dirty} />
    </>
  );
}
