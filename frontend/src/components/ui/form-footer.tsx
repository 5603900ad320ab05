import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FieldErrors } from '@/lib/form';
import { translateProblem } from '@/lib/i18n';
import { DiscardGuard } from './discard-guard';
import { SubmitButton } from './submit-button';

interface FormFooterProps {
  /** The form: its own error (not a field's, under ''), from the validation rules or the server, and whether it has unsaved changes (leaving then asks first, spec §8 discard). */
  form: { errors: FieldErrors; dirty: boolean };
  pending: boolean;
  submitLabel: string;
  /** Where Cancel goes back to. */
  cancelTo: string;
  submitClassName?: string;
}

/** The end of a page form: its error, if any, then submit (busy while saving) and cancel; leaving it unsaved asks first. */
export function FormFooter({ form, pending, submitLabel, cancelTo, submitClassName = 'btn-primary' }: FormFooterProps) {
  const { t } = useTranslation();
  const error = form.errors[''];
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
      <DiscardGuard dirty={form.dirty} />
    </>
  );
}
