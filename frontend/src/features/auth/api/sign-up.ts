import { sessionResponseSchema, type SessionResponse, type signUpBodySchema } from '@ams/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import type { z } from 'zod';
import { api, ApiError, toApiError } from '@/lib/api-client';
import { signInAtom } from '@/lib/session';

export type SignUpBody = z.output<typeof signUpBodySchema>;

export async function signUp(body: SignUpBody): Promise<SessionResponse> {
  let answer: unknown;
  try {
    const text = await api.post('sign-up', { json: body }).text();
    answer = text ? (JSON.parse(text) as unknown) : null;
  } catch (error) {
    throw await toApiError(error);
  }
  const parsed = sessionResponseSchema.safeParse(answer);
  if (!parsed.success) throw new ApiError('Unable to sign up', null);
  return parsed.data;
}

export function useSignUp() {
  const store = useSetAtom(signInAtom);
  return useMutation({ mutationFn: signUp, onSuccess: (answer) => store(answer) });
}
