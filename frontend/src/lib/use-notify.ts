import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { describeFailure } from './i18n';
import { pushToastAtom, type ToastAction } from './toast';

/** Toasts for successes (with an action such as Undo, if given) and failures; failures show the server's message in the current language. */
export function useNotify() {
  const push = useSetAtom(pushToastAtom);
  const success = useCallback((text: string, action?: ToastAction) => push({ kind: 'success', text, ...(action ? { action } : {}) }), [push]);
  const failure = useCallback((error: unknown) => push({ kind: 'error', text: describeFailure(error) }), [push]);
  return { success, failure };
}
