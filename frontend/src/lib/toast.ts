import { atom } from 'jotai';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

let nextId = 1;
const TOAST_MS = 5_000;

export const toastsAtom = atom<Toast[]>([]);

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(toastsAtom, get(toastsAtom).filter((toast) => toast.id !== id));
});

/** Shows a toast for a few seconds. The text is already translated. */
export const pushToastAtom = atom(null, (get, set, toast: Omit<Toast, 'id'>) => {
  const id = nextId++;
  set(toastsAtom, [...get(toastsAtom), { ...toast, id }].slice(-4));
  setTimeout(() => set(dismissToastAtom, id), TOAST_MS);
});
