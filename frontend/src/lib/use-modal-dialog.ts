import { useEffect, useRef } from 'react';
import { keepFocusNear } from './focus-return';

/**
 * A native <dialog> shown as a modal while `open` (the browser traps focus). When it closes, or goes away open,
 * focus goes back to what opened it or, when that went with its row, to the page's heading (lib/focus-return).
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      keepFocusNear(opener.current);
      opener.current = null;
    }
  }, [open]);
  useEffect(
    () => () => {
      if (opener.current) keepFocusNear(opener.current);
    },
    [],
  );
  return ref;
}
