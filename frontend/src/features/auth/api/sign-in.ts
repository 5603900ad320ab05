import { formatMessage, type loginBodySchema, type SessionResponse } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { call, InvalidAnswerError } from '@/lib/api-call';
import { ApiError } from '@/lib/api-client';
import { signInAtom } from '@/lib/session';

export type SignInBody = z.output<typeof loginBodySchema>;

/**
 * Spec §8: a failure shows the server's message when there is one, else the error's text; an empty answer
 * is 'Unable to sign in'.
 */
export async function signIn(body: SignInBody): Promise<SessionResponse> {
  try {
    return await call('POST /api/user/login', { body });
  } catch (error) {
    throw error instanceof InvalidAnswerError ? new ApiError(formatMessage('unableToSignIn'), null, [], { messageKey: 'unableToSignIn' }) : error;
  }
}

export function useSignIn() {
  const store = useSetAtom(signInAtom);
  return useMutation({ mutationFn: signIn, onSuccess: (answer) => store(answer) });
}
