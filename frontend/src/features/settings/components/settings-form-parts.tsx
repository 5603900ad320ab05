import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { useUpdateSettings, type SettingsUpdate } from '../api/update-settings';

interface SettingsToggleProps {
  name: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}

/** A setting that is on or off: its label and hint beside a switch, across the form's width. */
export function SettingsToggle({ name, label, hint, checked, disabled, onChange }: SettingsToggleProps) {
  return (
    <label className="flex cursor-pointer items-start justify-between gap-4 py-3 md:col-span-2">
      <span>
        <span className="block font-medium">{label}</span>
        <span className="text-base-content/70 block text-sm">{hint}</span>
      </span>
      <input type="checkbox" name={name} className="toggle toggle-primary mt-1" disabled={disabled} checked={checked} onChange={(event) => onChange(event.target.checked)} />
    </label>
  );
}

/** A settings form's save button (none for a reader), spinning while the save is under way. */
export function SaveSettingsButton({ readOnly, pending }: { readOnly: boolean; pending: boolean }) {
  const { t } = useTranslation();
  if (readOnly) return null;
  return (
    <div className="pt-2 md:col-span-2">
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {t('common.save')}
      </button>
    </div>
  );
}

/** A settings form's state, saved through PUT /api/settings: a toast either way, the server's field errors on their fields. */
export function useSettingsForm<Values extends Record<string, unknown>, Body extends SettingsUpdate>(schema: z.ZodType<Body>, initial: Values) {
  const notify = useNotify();
  const save = useUpdateSettings();
  const form = useZodForm<Values, Body>(schema, initial, (body, controls) =>
    save.mutate(body, {
      onSuccess: () => notify.success(translateKey('settingsSaved')),
      onError: (error) => {
        controls.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    }),
  );
  return { form, saving: save.isPending };
}
