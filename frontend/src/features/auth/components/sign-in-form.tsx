import { loginBodySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
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
      <TextField label={t('auth.email')} type="email" autoComplete="username" {...form.field('email')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" {...form.field('password')} />
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </button>
    </form>
  );
}
