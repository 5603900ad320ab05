import { sessionResponseSchema, type loginBodySchema, type SessionResponse } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { api, ApiError, toApiError } from '@/lib/api-client';
import { signInAtom } from '@/lib/session';

export type SignInBody = z.output<typeof loginBodySchema>;

/**
 * Spec §8: a failure shows the server's message when there is one, else the error's text; an empty answer
 * is 'Unable to sign in'.
 */
export async function signIn(body: SignInBody): Promise<SessionResponse> {
  let answer: unknown;
  try {
    const text = await api.post('user/login', { json: body }).text();
    answer = text ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    throw await toApiError(error);
  }
  const parsed = sessionResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError('Unable to sign in', null);
  return parsed.data;
}

export function useSignIn() {
  const store = useSetAtom(signInAtom);
  return useMutation({ mutationFn: signIn, onSuccess: (answer) => store(answer) });
}
