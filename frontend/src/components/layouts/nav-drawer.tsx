import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { Logo } from '@/components/shell/header';
import { NavMenu } from '@/components/shell/nav-menu';
import { useModalDialog } from '@/lib/use-modal-dialog';

/** The navigation as an overlay: phones in every layout, every size in contentOverlay. Esc and the backdrop close it. */
export function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useModalDialog(open);
  return (
    <dialog ref={ref} className="modal modal-start" aria-label={t('nav.main')} onClose={onClose} data-testid="nav-drawer">
      <div className="modal-box bg-base-100 flex h-full max-h-none w-[290px] max-w-[85vw] flex-col gap-4 rounded-none p-4">
        <div className="flex items-center justify-between">
          <Logo />
          <button type="button" className="btn btn-ghost btn-sm btn-square" onClick={onClose} aria-label={t('common.close')}>
            <Icon name="close" />
          </button>
        </div>
        <NavMenu orientation="vertical" onNavigate={onClose} />
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          {t('common.close')}
        </button>
      </form>
    </dialog>
  );
}
