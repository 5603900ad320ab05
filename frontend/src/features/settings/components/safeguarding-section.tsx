import { RETENTION_DAYS, safeguardingUpdateSchema, type SafeguardingSettings } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { QueryState } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { serverFieldErrors, useZodForm, type FieldErrors } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useFaceClocking, useUpdateFaceClocking } from '../api/face-clocking';
import { useSafeguarding, useUpdateSafeguarding } from '../api/safeguarding';
import { CompanyScopeSelect } from './company-scope-select';
import { SubmitButton } from '@/components/ui/submit-button';

interface NoticeValues extends Record<string, unknown> {
  noticeEn: string;
  noticeEs: string;
  retentionDays: string;
}

// The form's flat fields become the API's body; its errors come back under the same names.
const noticeSchema = z.preprocess((input) => {
  const values = input as NoticeValues;
  return {
    kioskNotice: { en: values.noticeEn, es: values.noticeEs },
    retentionDays: values.retentionDays.trim() === '' ? Number.NaN : Number(values.retentionDays),
  };
}, safeguardingUpdateSchema);

const fieldOfServer: Record<string, keyof NoticeValues> = { 'kioskNotice.en': 'noticeEn', 'kioskNotice.es': 'noticeEs', retentionDays: 'retentionDays' };

/** The organisation's kiosk notice (both languages) and the retention of archived employees' biometrics. */
function NoticeAndRetentionForm({ settings, readOnly }: { settings: SafeguardingSettings; readOnly: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = useUpdateSafeguarding();
  const form = useZodForm<NoticeValues, z.output<typeof safeguardingUpdateSchema>>(
    noticeSchema,
    { noticeEn: settings.kioskNotice.en, noticeEs: settings.kioskNotice.es, retentionDays: String(settings.retentionDays) },
    (body, controls) =>
      save.mutate(body, {
        onSuccess: () => notify.success(translateKey('settingsSaved')),
        onError: (error) => {
          const server = error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {};
          controls.setErrors(Object.fromEntries(Object.entries(server).map(([field, message]) => [fieldOfServer[field] ?? field, message])));
          notify.failure(error);
        },
      }),
  );
  const { values, errors, setField } = form;
  const errorOf = (name: keyof NoticeValues, path: string) => errors[name] ?? (errors as FieldErrors)[path];
  return (
    <form noValidate onSubmit={form.onSubmit} className="flex flex-col gap-1" data-testid="safeguarding-form">
      <p className="text-base-content/70 text-sm">{t('safeguarding.kioskNoticeHint')}</p>
      {(
        [
          ['noticeEn', 'kioskNotice.en', 'safeguarding.kioskNoticeEn', 'en'],
          ['noticeEs', 'kioskNotice.es', 'safeguarding.kioskNoticeEs', 'es'],
        ] as const
      ).map(([name, path, label, lang]) => (
        <FormField key={name} label={t(label)} error={errorOf(name, path)}>
          {(control) => (
            <textarea
              {...control}
              name={name}
              lang={lang}
              rows={4}
              maxLength={600}
              className="textarea w-full"
              disabled={readOnly}
              value={values[name]}
              onChange={(event) => setField(name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <FormField label={t('safeguarding.retentionDays')} error={errors.retentionDays} hint={t('safeguarding.retentionHint')}>
        {(control) => (
          <input
            {...control}
            name="retentionDays"
            type="number"
            min={RETENTION_DAYS.min}
            max={RETENTION_DAYS.max}
            className="input w-32"
            disabled={readOnly}
            value={values.retentionDays}
            onChange={(event) => setField('retentionDays', event.target.value)}
          />
        )}
      </FormField>
      {readOnly ? (
        <p className="text-base-content/70 text-sm">{t('safeguarding.onlySuperAdmin')}</p>
      ) : (
        <div className="pt-2">
          <SubmitButton pending={save.isPending}>{t('safeguarding.save')}</SubmitButton>
        </div>
      )}
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

/** A company's face clocking switch; turning it off asks first (the templates are deleted at once). */
function FaceClockingSwitch({ companyId, mayChange }: { companyId: string; mayChange: boolean }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const state = useFaceClocking(companyId);
  const update = useUpdateFaceClocking();
  const [confirming, setConfirming] = useState(false);
  const [deletePhotos, setDeletePhotos] = useState(false);
  if (!state.data) return <QueryState query={state} />;
  const change = (enabled: boolean) =>
    update.mutate(
      { companyId, enabled, deletePhotos: !enabled && deletePhotos },
      {
        onSuccess: (saved) => {
          setConfirming(false);
          notify.success(
            saved.enabled ? t('safeguarding.turnedOn') : t('safeguarding.turnedOff', { templates: saved.templatesDeleted, photos: saved.photosDeleted }),
          );
        },
        onError: notify.failure,
      },
    );
  return (
    <>
      <label className="flex cursor-pointer items-start justify-between gap-4 py-2">
        <span>
          <span className="block font-medium">{t('safeguarding.faceClocking')}</span>
          <span className="text-base-content/70 block text-sm">{t('safeguarding.faceClockingHint')}</span>
        </span>
        <input
          type="checkbox"
          className="toggle toggle-primary mt-1"
          checked={state.data.enabled}
          disabled={!mayChange || update.isPending}
          data-testid="face-clocking"
          onChange={(event) => (event.target.checked ? change(true) : setConfirming(true))}
        />
      </label>
      <ConfirmDialog
        open={confirming}
        title={t('safeguarding.turnOffTitle')}
        confirmLabel={t('safeguarding.turnOff')}
        busy={update.isPending}
        onConfirm={() => change(false)}
        onCancel={() => setConfirming(false)}
      >
        <label className="flex cursor-pointer items-center gap-3 pb-2">
          <input
            type="checkbox"
            className="checkbox"
            checked={deletePhotos}
            onChange={(event) => setDeletePhotos(event.target.checked)}
            data-testid="delete-photos-too"
          />
          <span>{t('safeguarding.deletePhotosToo')}</span>
        </label>
      </ConfirmDialog>
    </>
  );
}

/** Settings' safeguarding section: the kiosk notice, retention, and each company's face clocking. */
export function SafeguardingSection() {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const superAdmin = user?.account_type === 'SuperAdmin';
  const settings = useSafeguarding();
  const [chosen, setChosen] = useState('');
  const companyId = superAdmin ? chosen : (user?.company_id ?? '');
  return (
    <div className="flex flex-col gap-4" data-testid="safeguarding">
      <p className="text-base-content/70 text-sm">{t('safeguarding.intro')}</p>
      <QueryState query={settings} />
      {settings.data ? (
        <NoticeAndRetentionForm key={settings.data.updatedAt ?? ''} settings={settings.data} readOnly={!superAdmin || !can('setting.update')} />
      ) : null}
      {superAdmin ? (
        <CompanyScopeSelect
          label={t('safeguarding.faceClockingOf')}
          noCompanyLabel={t('safeguarding.chooseCompany')}
          value={chosen}
          onChange={setChosen}
          testId="face-clocking-scope"
        />
      ) : null}
      {companyId ? <FaceClockingSwitch key={companyId} companyId={companyId} mayChange={can('setting.update')} /> : null}
    </div>
  );
}
