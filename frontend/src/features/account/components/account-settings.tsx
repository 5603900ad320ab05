import { changePasswordSchema, meUpdateSchema, passwordMessages } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DiscardGuard } from '@/components/ui/discard-guard';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { ApiError } from '@/lib/api-client';
import { serverFieldErrors, useZodForm } from '@/lib/form';
import { translateKey, translateProblem } from '@/lib/i18n';
import { currentUserAtom } from '@/lib/session';
import { useNotify } from '@/lib/use-notify';
import { useChangePassword } from '../api/change-password';
import { useUpdateMe } from '../api/update-me';
import { ProfileImage } from './profile-image';

/** Spec §5: every field is required ('Please fill out all fields') before the password rules apply. */
const passwordFormSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .check((context) => {
    const value = context.value;
    if (!value.currentPassword || !value.newPassword || !value.confirmPassword) {
      context.issues.push({ code: 'custom', message: passwordMessages.allFieldsRequired, input: value, path: [] });
    }
  })
  .pipe(changePasswordSchema);

const profileSchema = meUpdateSchema;

function ProfileForm() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const update = useUpdateMe();
  const notify = useNotify();
  const form = useZodForm(profileSchema, { name: user?.name ?? '', email: user?.email ?? '' }, (body, form) => {
    update.mutate(body, {
      onSuccess: () => notify.success(translateKey('changesSaved')),
      onError: (error) => {
        form.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    });
  });
  return (
    <form noValidate onSubmit={form.onSubmit} className="bg-base-100 rounded-box flex flex-col gap-2 p-6" aria-labelledby="profile-title">
      <h2 id="profile-title" className="text-lg font-semibold">
        {t('account.userInformation')}
      </h2>
      <FormField label={t('account.name')} error={form.errors.name}>
        {(control) => (
          <input
            {...control}
            className="input w-full"
            autoComplete="name"
            value={form.values.name ?? ''}
            onChange={(event) => form.setField('name', event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('account.email')} error={form.errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            className="input w-full"
            autoComplete="email"
            value={form.values.email ?? ''}
            onChange={(event) => form.setField('email', event.target.value)}
          />
        )}
      </FormField>
      <p className="text-base-content/70 text-sm">
        {t('account.accountType')}: {user ? t(`accountTypes.${user.account_type}`) : ''}
      </p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t('common.save')}
        </button>
      </div>
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

const passwordFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const emptyPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const notify = useNotify();
  const form = useZodForm(passwordFormSchema, emptyPasswords, (body, form) => {
    change.mutate(body, {
      onSuccess: () => {
        notify.success(translateKey('passwordChanged'));
        form.setValues(emptyPasswords);
      },
      onError: (error) => {
        form.setErrors(error instanceof ApiError ? serverFieldErrors(error.fieldErrors) : {});
        notify.failure(error);
      },
    });
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="bg-base-100 rounded-box flex flex-col gap-2 p-6"
      aria-labelledby="password-title"
      data-testid="password-form"
    >
      <h2 id="password-title" className="text-lg font-semibold">
        {t('account.changePassword')}
      </h2>
      {form.errors[''] ? (
        <div role="alert" className="alert alert-error alert-soft" data-testid="password-form-error">
          {translateProblem(form.errors[''])}
        </div>
      ) : null}
      {passwordFields.map((name) => (
        <FormField key={name} label={t(`account.${name}`)} error={form.errors[name]} hint={name === 'newPassword' ? t('account.passwordRules') : undefined}>
          {(control) => (
            <input
              {...control}
              type="password"
              name={name}
              autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
              className="input w-full"
              value={form.values[name]}
              onChange={(event) => form.setField(name, event.target.value)}
            />
          )}
        </FormField>
      ))}
      <div>
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {t('account.updatePassword')}
        </button>
      </div>
      <DiscardGuard dirty={form.dirty} />
    </form>
  );
}

export function AccountSettings() {
  const { t } = useTranslation();
  return (
    <section>
      <PageHeader title={t('nav.accountSetting')} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
        <ProfileImage />
      </div>
    </section>
  );
}
