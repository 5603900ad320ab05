import { feedbackCategories, feedbackCreateSchema, FEEDBACK_MESSAGE_MAX_LENGTH } from '@ams/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { useDialogDiscard } from '@/components/ui/dialog-discard';
import { FormField } from '@/components/ui/form-field';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useModalDialog } from '@/lib/use-modal-dialog';
import { useNotify } from '@/lib/use-notify';
import { useSendFeedback } from '../api/send-feedback';
import { capturePage } from './capture-page';
import { SubmitButton } from '@/components/ui/submit-button';

const empty = { category: '', message: '', withScreenshot: false };
const formSchema = feedbackCreateSchema.pick({ category: true, message: true }).extend({ withScreenshot: z.boolean() });

/** Send feedback: a category, a message and, if the user wants, a screenshot of the page they are on. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const notify = useNotify();
  const ref = useModalDialog(true);
  const titleId = useId();
  const [capturing, setCapturing] = useState(false);
  const form = useZodForm(formSchema, empty, (value, controls) => {
    void (async () => {
      let screenshot: string | null = null;
      if (value.withScreenshot) {
        setCapturing(true);
        screenshot = await capturePage(ref.current).catch(() => null);
        setCapturing(false);
      }
      send.mutate(
        { category: value.category, message: value.message, page: pathname, screenshot },
        {
          onSuccess: () => {
            notify.success(translateKey('feedbackSent'));
            onClose();
          },
          onError: (error) => {
            controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
            notify.failure(error);
          },
        },
      );
    })();
  });
  const discard = useDialogDiscard(form.dirty, onClose);
  const busy = capturing || send.isPending;
  return (
    <>
      <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={discard.onDialogCancel} data-testid="feedback-dialog">
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-bold">
            {t('feedback.send.title')}
          </h2>
          <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-2">
            <FormField label={t('feedback.send.category')} error={form.errors['category']}>
              {(control) => (
                <select
                  {...control}
                  name="category"
                  className="select w-full"
                  value={form.values.category}
                  onChange={(event) => form.setField('category', event.target.value)}
                >
                  <option value="">{t('feedback.send.chooseCategory')}</option>
                  {feedbackCategories.map((category) => (
                    <option key={category} value={category}>
                      {t(`feedback.categories.${category}`)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            <FormField
              label={t('feedback.send.message')}
              error={form.errors['message']}
              hint={t('feedback.send.messageHint', { max: FEEDBACK_MESSAGE_MAX_LENGTH })}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="message"
                  rows={5}
                  maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
                  className="textarea w-full"
                  value={form.values.message}
                  onChange={(event) => form.setField('message', event.target.value)}
                />
              )}
            </FormField>
            <label className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="checkbox"
                name="withScreenshot"
                className="checkbox"
                checked={form.values.withScreenshot}
                onChange={(event) => form.setField('withScreenshot', event.target.checked)}
              />
              <span>{t('feedback.send.withScreenshot')}</span>
            </label>
            <div className="modal-action">
              <button type="button" className="btn" onClick={discard.requestClose}>
                {t('common.cancel')}
              </button>
              <SubmitButton pending={busy}>{t('feedback.send.submit')}</SubmitButton>
            </div>
          </form>
        </div>
      </dialog>
      {/* Beside the dialog, not in it: its Escape must not reach the form's dialog. */}
      {discard.prompt}
    </>
  );
}
