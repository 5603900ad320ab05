import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { translateKey, translateProblem } from './i18n';
import { pushToastAtom } from './toast';

/** Toasts for successes and failures; failures show the server's message in the current language. */
export function useNotify() {
  const push = useSetAtom(pushToastAtom);
  const success = useCallback((text: string) => push({ kind: 'success', text }), [push]);
  const failure = useCallback(
    (error: unknown) => push({ kind: 'error', text: error instanceof Error && error.message ? translateProblem(error) : translateKey('somethingWentWrong') }),
    [push],
  );
  return { success, failure };
}
