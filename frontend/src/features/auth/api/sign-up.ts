import { formatMessage, type SessionResponse, type signUpBodySchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { call, InvalidAnswerError } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { signInAtom } from '@/lib/session';
import { signIn } from './sign-in';

export type SignUpBody = z.output<typeof signUpBodySchema>;

/**
 * Sign-up answers the same whether or not the email already had an account (it must not tell), and signs
 * no one in: the session comes from signing in next with the same email and password (spec §4: a
 * successful sign-up signs in). When that fails, the email most likely had an account with another password.
 */
export async function signUp(body: SignUpBody): Promise<SessionResponse> {
  try {
    await call('POST /api/sign-up', { body });
  } catch (error) {
    throw error instanceof InvalidAnswerError ? new ApiError(formatMessage('unableToSignUp'), null, [], { messageKey: 'unableToSignUp' }) : error;
  }
  try {
    return await signIn({ email: body.email, password: body.password });
  } catch (error) {
    throw error instanceof ApiError && error.status === 401
      ? new ApiError(formatMessage('signUpThenSignInFailed'), 401, [], { messageKey: 'signUpThenSignInFailed' })
      : error;
  }
}

export function useSignUp() {
  const store = useSetAtom(signInAtom);
  return useMutation({ mutationFn: signUp, onSuccess: (answer) => store(answer) });
}
