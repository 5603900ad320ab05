import { signUpBodySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { translateProblem } from '@/lib/i18n';
import { useZodForm } from '@/lib/form';
import { useSignUp } from '../api/sign-up';

const fields = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', type: 'password', autoComplete: 'new-password' },
] as const;

export function SignUpForm() {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const form = useZodForm(signUpBodySchema, { name: '', email: '', password: '', confirmPassword: '' }, (body) => {
    signUp.mutate(body);
  });
  return (
    <form noValidate onSubmit={form.onSubmit} aria-labelledby="sign-up-title" className="flex flex-col gap-2">
      <h1 id="sign-up-title" className="mb-4 text-2xl font-bold">
        {t('auth.signUpTitle')}
      </h1>
      {signUp.isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          {translateProblem(signUp.error)}
        </div>
      ) : null}
      {fields.map((field) => (
        <TextField
          key={field.name}
          label={t(`auth.${field.name}`)}
          error={form.errors[field.name]}
          type={field.type}
          autoComplete={field.autoComplete}
          value={form.values[field.name] ?? ''}
          onValue={(value) => form.setField(field.name, value)}
        />
      ))}
      <button type="submit" className="btn btn-primary mt-4 w-full" disabled={signUp.isPending}>
        {t('auth.signUp')}
      </button>
    </form>
  );
}
