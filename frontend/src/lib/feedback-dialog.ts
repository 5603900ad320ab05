import { atom } from 'jotai';

/** Whether the send-feedback dialog is open: the user menu opens it, the app mounts the dialog (a feature) when it is. */
export const feedbackDialogOpenAtom = atom(false);
