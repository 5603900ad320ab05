import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/icon';
import { LanguageSwitch } from '@/components/theme/language-switch';
import { ThemePanel } from '@/components/theme/theme-panel';
import { AreaSwitch } from './area-switch';
import { UserMenu } from './user-menu';
import type { ReactNode } from 'react';

interface HeaderProps {
  onMenu?: (() => void) | undefined;
  menuLabel?: string | undefined;
  menuClassName?: string;
  /** Shown after the menu button: a logo, or the horizontal navigation. */
  start?: ReactNode;
  className?: string;
}

export function Header({ onMenu, menuLabel, menuClassName = '', start, className = '' }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className={`flex h-16 items-center gap-1 px-4 sm:gap-2 sm:px-6 md:px-8 ${className}`} data-testid="header">
      {onMenu ? (
        <button
          type="button"
          className={`btn btn-ghost btn-square ${menuClassName}`}
          onClick={onMenu}
          aria-label={menuLabel ?? t('nav.toggleMenu')}
          data-testid="menu-toggle"
        >
          <Icon name="menu" />
        </button>
      ) : null}
      <div className="flex min-w-0 flex-1 items-center gap-2">{start}</div>
      <AreaSwitch />
      <LanguageSwitch />
      <ThemePanel />
      <UserMenu />
    </header>
  );
}

export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex min-w-0 items-center gap-2 font-semibold">
      <span className="bg-primary text-primary-content grid size-9 shrink-0 place-items-center rounded-lg font-bold" aria-hidden="true">
        A
      </span>
      {/* dir="auto": the title runs in its own language's direction, so in a right-to-left layout a Latin title
          that does not fit loses its end to the ellipsis, not its start. */}
      {compact ? (
        <span className="sr-only">{t('app.title')}</span>
      ) : (
        <span className="truncate" dir="auto" data-testid="app-title">
          {t('app.title')}
        </span>
      )}
    </span>
  );
}
