import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Icon } from '@/components/ui/icon';
import { currentUserAtom } from '@/lib/session';
import { areaOf } from './nav-items';

/** Spec §2: an Admin moves between the admin view and the personal account. */
export function AreaSwitch() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const { pathname } = useLocation();
  if (user?.account_type !== 'Admin') return null;
  const inPersonal = areaOf(pathname, user) === 'personal';
  return (
    <Link to={inPersonal ? paths.adminEntry : paths.personalEntry} className="btn btn-ghost btn-sm" data-testid="area-switch">
      <Icon name="swap" className="size-4" />
      <span className="hidden sm:inline">{inPersonal ? t('nav.switchToAdmin') : t('nav.switchToMyAccount')}</span>
      <span className="sr-only sm:hidden">{inPersonal ? t('nav.switchToAdmin') : t('nav.switchToMyAccount')}</span>
    </Link>
  );
}
