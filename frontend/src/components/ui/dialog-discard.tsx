import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateKey } from '@/lib/i18n';
import { useNotify } from '@/lib/use-notify';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Spec §8 for forms inside dialogs (DiscardGuard covers page forms): closing a dialog whose form has unsaved
 * changes — Cancel, Escape — asks first ('This action cannot be undone.') and then says 'Discarded'.
 * `onDialogCancel` goes on the <dialog>'s cancel event (Escape), `requestClose` on its Cancel button,
 * and `prompt` anywhere in the dialog's tree.
 */
export function useDialogDiscard(dirty: boolean, close: () => void) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => (dirty ? setAsking(true) : close()), [dirty, close]);
  const onDialogCancel = useCallback(
    (event: SyntheticEvent<HTMLDialogElement>) => {
      // The browser closes a dialog on Escape unless told not to; a dirty form asks first.
      event.preventDefault();
      requestClose();
    },
    [requestClose],
  );
  const prompt = (
    <ConfirmDialog
      open={asking}
      title={t('discard.title')}
      confirmLabel={t('discard.confirm')}
      onConfirm={() => {
        setAsking(false);
        close();
        notify.success(translateKey('discarded'));
      }}
      onCancel={() => setAsking(false)}
    />
  );
  return { requestClose, onDialogCancel, prompt };
}

/** Tells the dialog around a form whether it has unsaved changes (and that it has none once the form is gone). */
export function useReportDirty(dirty: boolean, onDirtyChange: ((dirty: boolean) => void) | undefined): void {
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
}
