import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { describeFailure } from './i18n';
import { pushToastAtom } from './toast';

/** Toasts for successes and failures; failures show the server's message in the current language. */
export function useNotify() {
  const push = useSetAtom(pushToastAtom);
  const success = useCallback((text: string) => push({ kind: 'success', text }), [push]);
  const failure = useCallback(
    (error: unknown) => push({ kind: 'error', text: describeFailure(error) }),
    [push],
  );
  return { success, failure };
}
