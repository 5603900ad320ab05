import { legalNoticeUpdateSchema, type LegalNotice } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/states';
import { LegalLinks } from '@/components/shell/legal-links';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useLegalNotice } from '@/lib/legal-notice';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useUpdateLegalNotice } from '../api/update-legal-notice';
import { SubmitButton } from '@/components/ui/submit-button';

const fields = ['terms.en', 'terms.es', 'privacy.en', 'privacy.es'] as const;
type Field = (typeof fields)[number];

// One text area per document and language; field names are the body's paths, so the server's errors land on them.
const formSchema = z
  .object({ 'terms.en': z.string(), 'terms.es': z.string(), 'privacy.en': z.string(), 'privacy.es': z.string() })
  .transform((values) => ({ terms: { en: values['terms.en'], es: values['terms.es'] }, privacy: { en: values['privacy.en'], es: values['privacy.es'] } }))
  .pipe(legalNoticeUpdateSchema);

function LegalNoticeForm({ notice }: { notice: LegalNotice }) {
  const { t } = useTranslation();
  const update = useUpdateLegalNotice();
  const notify = useNotify();
  const initial: Record<Field, string> = {
    'terms.en': notice.terms.en,
    'terms.es': notice.terms.es,
    'privacy.en': notice.privacy.en,
    'privacy.es': notice.privacy.es,
  };
  const form = useZodForm(formSchema, initial, (body, controls) => {
    update.mutate(body, {
      onSuccess: () => notify.success(translateKey('settingsSaved')),
      onError: (error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    });
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-2" data-testid="legal-notice-form">
      <p className="text-base-content/70 text-sm">{t('legal.formatHint')}</p>
      {fields.map((name) => (
        <FormField
          key={name}
          label={t(`legal.fields.${name === 'terms.en' ? 'termsEn' : name === 'terms.es' ? 'termsEs' : name === 'privacy.en' ? 'privacyEn' : 'privacyEs'}`)}
          error={form.errors[name]}
        >
          {(control) => (
            <textarea
              {...control}
              name={name}
              rows={6}
              className="textarea w-full"
              value={form.values[name]}
              onChange={(event) => form.setField(name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <div>
        <SubmitButton pending={update.isPending}>{t('legal.save')}</SubmitButton>
      </div>
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

/** The legal notice: links to both texts for everyone; the SuperAdmin (whose the organisation's texts are) edits them. */
export function LegalNoticeSettings() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const notice = useLegalNotice();
  return (
    <>
      <LegalLinks className="flex flex-wrap gap-4" linkClassName="link" />
      {user?.account_type === 'SuperAdmin' ? (
        <>
          <QueryState query={notice} />
          {notice.data ? <LegalNoticeForm key={notice.data.updatedAt ?? 'default'} notice={notice.data} /> : null}
        </>
      ) : (
        <p className="text-base-content/70 text-sm">{t('legal.onlySuperAdmin')}</p>
      )}
    </>
  );
}
