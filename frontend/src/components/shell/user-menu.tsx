import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
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
      <Link to={paths.signIn} className="btn btn-primary btn-sm">
        {t('auth.signIn')}
      </Link>
    );
  }
  const accountPath = areaOf(pathname, user) === 'personal' ? paths.personal.accountSetting : paths.accountSetting;
  return (
    <div className="dropdown dropdown-end">
      <div tabIndex={0} role="button" className="btn btn-ghost gap-2 px-2" data-testid="user-menu">
        <span className="avatar avatar-placeholder">
          <span className="bg-neutral text-neutral-content w-8 rounded-full">
            {user.image ? <img src={user.image} alt="" /> : <span className="text-xs">{initials(user.name)}</span>}
          </span>
        </span>
        <span className="hidden max-w-40 truncate md:inline">{user.name}</span>
        {/* Named by what it shows (WCAG 2.5.3), then what it is. */}
        <span className="sr-only">{t('nav.userMenu')}</span>
      </div>
      <ul tabIndex={0} className="menu dropdown-content rounded-box bg-base-100 z-30 mt-2 w-64 p-2 shadow-lg">
        <li className="menu-title">
          <span className="truncate">{user.name}</span>
          <span className="truncate text-xs font-normal">{user.email}</span>
        </li>
        <li>
          <Link to={accountPath}>{t('nav.accountSetting')}</Link>
        </li>
        <li>
          <button type="button" onClick={() => void signOut()} data-testid="sign-out">
            {t('auth.signOut')}
          </button>
        </li>
      </ul>
    </div>
  );
}
