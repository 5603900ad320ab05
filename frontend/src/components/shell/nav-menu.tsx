import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import { currentUserAtom } from '@/lib/session';
import { areaOf, visibleNav } from './nav-items';

interface NavMenuProps {
  orientation: 'vertical' | 'horizontal';
  /** Icons only (collapsed side navigation); labels stay available to assistive technology. */
  compact?: boolean;
  onNavigate?: () => void;
  /** i18n key of the navigation's accessible name, when a layout shows a second navigation. */
  label?: string;
}

export function NavMenu({ orientation, compact = false, onNavigate, label = 'nav.main' }: NavMenuProps) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const { pathname } = useLocation();
  const items = visibleNav(areaOf(pathname, user), user);
  return (
    <nav aria-label={t(label)}>
      <ul className={`menu w-full gap-1 ${orientation === 'horizontal' ? 'menu-horizontal flex-nowrap overflow-x-auto' : ''}`}>
        {items.map((item) => (
          <li key={item.path}>
            <NavLink
              to={item.path}
              onClick={onNavigate}
              className={({ isActive }) => `${isActive ? 'menu-active' : ''} ${compact ? 'justify-center' : ''}`}
              title={compact ? t(item.label) : undefined}
              aria-label={compact ? t(item.label) : undefined}
            >
              <Icon name={item.icon} />
              {compact ? null : <span>{t(item.label)}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
