import { loginBodySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/form';
import { useSignIn } from '../api/sign-in';
import { AuthForm } from './auth-form';
import { SubmitButton } from '@/components/ui/submit-button';

export function SignInForm() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const form = useZodForm(loginBodySchema, { email: '', password: '' }, (body) => {
    // Once signed in, the sign-in route's guard moves on to redirectUrl or the entry path.
    signIn.mutate(body);
  });
  return (
    <AuthForm
      id="sign-in"
      title={t('auth.welcome')}
      intro={t('auth.signInIntro')}
      failure={signIn.isError ? signIn.error : null}
      failureTestId="sign-in-error"
      onSubmit={form.onSubmit}
    >
      <TextField label={t('auth.email')} type="email" autoComplete="username" {...form.field('email')} />
      <TextField label={t('auth.password')} type="password" autoComplete="current-password" {...form.field('password')} />
      <SubmitButton pending={signIn.isPending} className="btn btn-primary mt-4 w-full">
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </SubmitButton>
    </AuthForm>
  );
}
