import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Logo } from '@/components/shell/header';
import { LanguageSwitch } from '@/components/theme/language-switch';
import { ThemePanel } from '@/components/theme/theme-panel';

/** Spec §9: the sign-in page uses the 'side' split layout: the form on one side, a panel on the other. */
export function AuthSplitLayout() {
  const { t } = useTranslation();
  return (
    <div className="bg-base-100 grid min-h-screen grid-cols-1 lg:grid-cols-2" data-layout="side">
      <div className="flex min-w-0 flex-col px-4 py-6 sm:px-6 md:px-8">
        {/* A banner landmark, so no content sits outside one (axe's best-practice 'region'). */}
        <header className="flex items-center justify-between gap-2">
          <Logo />
          <div className="flex items-center gap-1">
            <LanguageSwitch />
            <ThemePanel />
          </div>
        </header>
        <main id="main" className="flex flex-1 items-center justify-center py-10">
          <Outlet />
        </main>
      </div>
      <div className="bg-neutral text-neutral-content hidden flex-col justify-end gap-4 p-12 lg:flex" aria-hidden="true">
        <p className="text-3xl font-semibold">{t('auth.sideTitle')}</p>
        <p className="max-w-md">{t('auth.sideText')}</p>
      </div>
    </div>
  );
}
