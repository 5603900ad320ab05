import { settingsUpdateSchema, type Settings } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { QueryState } from '@/components/ui/states';
import { ApiError } from '@/lib/api-client';
import { useAuthorization } from '@/lib/authorization';
import { serverFieldErrors, type FormControls } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useSettings } from '@/lib/settings-query';
import { useNotify } from '@/lib/use-notify';
import { useUpdateSettings, type SettingsUpdate } from '../api/update-settings';
import { CompanyScopeSelect } from './company-scope-select';
import { SubmitButton } from '@/components/ui/submit-button';

export interface ScopedSettingsFormProps {
  settings: Settings;
  /** Whose settings: a company, the organisation's defaults (null), or, for an Admin, left to the server (undefined). */
  target: string | null | undefined;
  readOnly: boolean;
}

const asTyped = (values: Record<string, unknown>) => values;

/**
 * The PUT /api/settings body of a form's values, naming whose settings they are; `prepare` (a module-level
 * function, so the schema stays the same between renders) turns typed text into the contract's types.
 */
export function useScopedSettingsSchema(target: string | null | undefined, prepare: (values: Record<string, unknown>) => Record<string, unknown> = asTyped) {
  return useMemo(
    () =>
      z.preprocess((input) => ({ ...prepare(input as Record<string, unknown>), ...(target === undefined ? {} : { companyId: target }) }), settingsUpdateSchema),
    [target, prepare],
  );
}

/** Saves a settings form: 'Settings saved successfully!', or the server's refusal beside its fields. */
export function useSaveSettings<Values>() {
  const notify = useNotify();
  const save = useUpdateSettings();
  const submit = (body: SettingsUpdate, controls: FormControls<Values>) =>
    save.mutate(body, {
      onSuccess: () => notify.success(translateKey('settingsSaved')),
      onError: (error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    });
  return { submit, pending: save.isPending };
}

/**
 * The end of a settings form: its Save button (none for a reader), busy while saving, and the question before
 * unsaved changes are left behind.
 */
export function SettingsFormFooter({ readOnly, pending, dirty }: { readOnly: boolean; pending: boolean; dirty: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {readOnly ? null : (
        <div className="pt-2 md:col-span-2">
          <SubmitButton pending={pending}>{t('common.save')}</SubmitButton>
        </div>
      )}
      <DiscardGuard dirty={dirty} />
    </>
  );
}

/**
 * A section of spec §3 settings: a SuperAdmin edits the organisation's defaults or a company's (chosen here),
 * an Admin its company's. The form starts over whenever the scope or the saved settings change.
 */
export function ScopedSettings({ scopeTestId, form }: { scopeTestId: string; form: (props: ScopedSettingsFormProps) => ReactNode }) {
  const { t } = useTranslation();
  const { can } = useAuthorization();
  const user = useAtomValue(currentUserAtom);
  const superAdmin = user?.account_type === 'SuperAdmin';
  const [companyId, setCompanyId] = useState('');
  const settings = useSettings(companyId || null);
  const target = superAdmin ? companyId || null : undefined;
  const followsDefaults = settings.data !== undefined && settings.data.companyId !== null && !settings.data.customised;

  return (
    <div className="flex flex-col gap-3">
      {superAdmin ? (
        <CompanyScopeSelect
          label={t('settings.scope')}
          noCompanyLabel={t('settings.organisationDefaults')}
          value={companyId}
          onChange={setCompanyId}
          testId={scopeTestId}
        />
      ) : null}
      {followsDefaults ? <p className="text-base-content/70 text-sm">{t('settings.followsDefaults')}</p> : null}
      <QueryState query={settings} />
      {settings.data ? (
        <Fragment key={`${companyId}:${settings.data.updatedAt ?? ''}`}>{form({ settings: settings.data, target, readOnly: !can('setting.update') })}</Fragment>
      ) : null}
    </div>
  );
}
