import { formatMessage, type SessionResponse, type signUpBodySchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { call, InvalidAnswerError } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { signInAtom } from '@/lib/session';

export type SignUpBody = z.output<typeof signUpBodySchema>;

export async function signUp(body: SignUpBody): Promise<SessionResponse> {
  try {
    return await call('POST /api/sign-up', { body });
  } catch (error) {
    throw error instanceof InvalidAnswerError ? new ApiError(formatMessage('unableToSignUp'), null, [], { messageKey: 'unableToSignUp' }) : error;
  }
}

export function useSignUp() {
  const store = useSetAtom(signInAtom);
  return useMutation({ mutationFn: signUp, onSuccess: (answer) => store(answer) });
}
