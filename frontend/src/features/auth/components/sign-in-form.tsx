import { loginBodySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { translateProblem } from '@/lib/i18n';
import { useZodForm } from '@/lib/form';
import { useSignIn } from '../api/sign-in';

export function SignInForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useZodForm(loginBodySchema, { email: '', password: '' }, (body) => {
    // Once signed in, the sign-in route's guard moves on to redirectUrl or the entry path.
    signIn.mutate(body);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-labelledby="sign-in-title" className="flex flex-col gap-2">
      <h1 id="sign-in-title" className="mb-1 text-2xl font-bold">
        {t('auth.welcome')}
      </h1>
      <p className="mb-4 text-base-content/70">{t('auth.signInIntro')}</p>
      {signIn.isError ? (
        <div role="alert" className="alert alert-error alert-soft" data-testid="sign-in-error">
          {translateProblem(signIn.error)}
        </div>
      ) : null}
      <FormField label={t('auth.email')} error={form.errors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            autoComplete="username"
            name="email"
            className="input w-full"
            value={form.values.email}
            onChange={(event) => form.setField('email', event.target.value)}
          />
        )}
      </FormField>
      <FormField label={t('auth.password')} error={form.errors.password}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="current-password"
            name="password"
            className="input w-full"
            value={form.values.password}
            onChange={(event) => form.setField('password', event.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </button>
    </form>
  );
}
