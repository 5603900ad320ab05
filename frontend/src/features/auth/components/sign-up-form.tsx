import { signUpBodySchema } from '@ams/contracts';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useZodForm } from '@/lib/form';
import { useSignUp } from '../api/sign-up';
import { AuthForm } from './auth-form';

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
    <AuthForm id="sign-up" title={t('auth.signUpTitle')} failure={signUp.isError ? signUp.error : null} onSubmit={form.onSubmit}>
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
    </AuthForm>
  );
}
