import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { dismissToastAtom, toastsAtom } from '@/lib/toast';

const kindClass = { success: 'alert-success', error: 'alert-error', info: 'alert-info' } as const;

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const dismiss = useSetAtom(dismissToastAtom);
  const { t } = useTranslation();
  return (
    <div className="toast toast-end toast-bottom z-50" aria-live="polite" role="region" aria-label={t('common.notifications')}>
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.kind === 'error' ? 'alert' : 'status'} className={`alert ${kindClass[toast.kind]} shadow`} data-testid="toast">
          <span>{toast.text}</span>
          {toast.action ? (
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                dismiss(toast.id);
                toast.action?.run();
              }}
            >
              {toast.action.label}
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-xs" onClick={() => dismiss(toast.id)} aria-label={t('common.close')}>
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}
