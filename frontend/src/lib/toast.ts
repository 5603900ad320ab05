import { atom } from 'jotai';

export type ToastKind = 'success' | 'error' | 'info';
/** A button beside the text (Undo): it runs once and the toast goes. */
export interface ToastAction {
  label: string;
  run: () => void;
}
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
}

let nextId = 1;
const TOAST_MS = 5_000;
/** A toast with a button stays longer: time to reach it by keyboard. */
const ACTION_TOAST_MS = 10_000;

export const toastsAtom = atom<Toast[]>([]);

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

/** Shows a toast for a few seconds. The text is already translated. */
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  const id = nextId++;
  set(toastsAtom, [...get(toastsAtom), { ...toast, id }].slice(-4));
  setTimeout(() => set(dismissToastAtom, id), toast.action ? ACTION_TOAST_MS : TOAST_MS);
});
