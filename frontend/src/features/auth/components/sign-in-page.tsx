import { sessionEndMessages } from '@ams/contracts';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionEndReasonAtom } from '@/lib/session';
import { useSignUpStatus } from '@/lib/sign-up-status';
import { useDocumentTitle } from '@/lib/use-document-title';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

/** Sign-in, and sign-up when an administrator opened it. */
export function SignInPage() {
  const { t } = useTranslation();
  const status = useSignUpStatus();
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const canSignUp = status.data?.enabled === true;
  const endedBecause = useAtomValue(sessionEndReasonAtom);
  useDocumentTitle(mode === 'sign-up' && canSignUp ? t('auth.signUp') : t('auth.signIn'));
  return (
    <div className="w-full max-w-sm">
      {endedBecause ? (
        <div role="status" className="alert mb-6" data-testid="session-ended">
          {t(`messages.${sessionEndMessages[endedBecause]}`)}
        </div>
      ) : null}
      {mode === 'sign-up' && canSignUp ? <SignUpForm /> : <SignInForm />}
      {canSignUp ? (
        <p className="mt-6 text-center text-sm">
          {mode === 'sign-in' ? t('auth.noAccount') : t('auth.haveAccount')}{' '}
          <button type="button" className="link link-primary" onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}>
            {mode === 'sign-in' ? t('auth.signUp') : t('auth.signIn')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
