import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import { feedbackDialogOpenAtom } from '@/lib/feedback-dialog';
import { currentUserAtom } from '@/lib/session';
import { useSignOut } from '@/lib/use-sign-out';
import { areaOf } from './nav-items';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const signOut = useSignOut();
  const { pathname } = useLocation();
  if (!user) {
    return (
      // Below 640 px the header has room for the icon only (WCAG 1.4.10 at 320 px); the name stays for screen readers.
      <Link to={paths.signIn} className="btn btn-primary btn-sm">
        <Icon name="signIn" className="size-4 sm:hidden" />
        <span className="sr-only sm:not-sr-only">{t('auth.signIn')}</span>
      </Link>
    );
  }
  const accountPath = areaOf(pathname, user) === 'personal' ? paths.personal.accountSetting : paths.accountSetting;
  return <UserMenuDisclosure name={user.name} email={user.email} image={user.image} accountPath={accountPath} onSignOut={() => void signOut()} />;
}

interface DisclosureProps {
  name: string;
  email: string;
  image: string | null;
  accountPath: string;
  onSignOut: () => void;
}

/** A disclosure button (WAI-ARIA): says whether it is open, closes on Escape (focus back on it), outside clicks, leaving it and following its link. */
function UserMenuDisclosure({ name, email, image, accountPath, onSignOut }: DisclosureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const openFeedback = useSetAtom(feedbackDialogOpenAtom);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative" onBlur={(event) => !root.current?.contains(event.relatedTarget) && setOpen(false)}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost gap-2 px-2"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="user-menu"
      >
        <span className="avatar avatar-placeholder" aria-hidden="true">
          <span className="bg-neutral text-neutral-content w-8 rounded-full">
            {image ? <img src={image} alt="" /> : <span className="text-xs">{initials(name)}</span>}
          </span>
        </span>
        {/* Named by the user's name (shown from md up, WCAG 2.5.3), then what it is. */}
        <span className="max-w-40 truncate max-md:sr-only">{name}</span>
        <span className="sr-only">{t('nav.userMenu')}</span>
      </button>
      <div id={panelId} hidden={!open} className="rounded-box bg-base-100 absolute end-0 z-30 mt-2 w-64 p-2 shadow-lg">
        <p className="flex flex-col px-4 py-2">
          <span className="truncate font-semibold">{name}</span>
          <span className="truncate text-xs text-base-content/70">{email}</span>
        </p>
        <ul className="menu w-full p-0">
          <li>
            <Link to={accountPath} onClick={() => setOpen(false)}>
              {t('nav.accountSetting')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                // The menu closes: the dialog opens from (and gives focus back to) the menu's button.
                button.current?.focus();
                openFeedback(true);
              }}
              data-testid="send-feedback"
            >
              {t('nav.sendFeedback')}
            </button>
          </li>
          <li>
            <button type="button" onClick={onSignOut} data-testid="sign-out">
              {t('auth.signOut')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
