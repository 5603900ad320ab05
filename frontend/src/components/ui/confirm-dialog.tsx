import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '@/lib/i18n';
import { useModalDialog } from '@/lib/use-modal-dialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  busy?: boolean;
  /** Said or asked before the buttons (a choice, a typed confirmation). */
  children?: ReactNode;
  /** What the action does, when it can be undone (an archive); by default 'This action cannot be undone.' */
  note?: string;
  /** Keeps the confirm button off, e.g. until a typed confirmation matches. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §8: deletes ask for confirmation ('This action cannot be undone.'); so does archiving, saying what it does. A native dialog traps focus. */
export function ConfirmDialog({ open, title, confirmLabel, busy = false, note, children, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  // Several dialogs can share a page (the photo's and the PIN's): each is named by its own title.
  const titleId = useId();
  return (
    <dialog ref={ref} className="modal" aria-labelledby={titleId} onCancel={onCancel}>
      <div className="modal-box">
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <p className="py-4">{note ?? translateKey('cannotBeUndone')}</p>
        {children}
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} autoFocus>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-error" onClick={onConfirm} disabled={busy || confirmDisabled}>
            {busy ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
