import { useAtomValue, useSetAtom } from 'jotai';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { Footer } from '@/components/shell/footer';
import { Header, Logo } from '@/components/shell/header';
import { NavMenu } from '@/components/shell/nav-menu';
import { ThemePanel } from '@/components/theme/theme-panel';
import { themeAtom, toggleSideNavAtom, type LayoutType } from '@/lib/theme';
import { NavDrawer } from './nav-drawer';

function isLargeScreen(): boolean {
  return window.matchMedia('(min-width: 1024px)').matches;
}

function Main({ children, framed = false }: { children: ReactNode; framed?: boolean }) {
  return (
    <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
      <div className={`flex-1 px-4 py-6 sm:px-6 md:px-8 ${framed ? 'bg-base-100 rounded-box m-2 shadow-sm lg:ms-0' : ''}`}>{children}</div>
      <Footer />
    </main>
  );
}

/**
 * The authenticated layout (spec §4 layout types). Each type arranges the same header, navigation, page and
 * footer; below the large breakpoint every side navigation becomes an overlay so phones keep the full width.
 */
export function PostLoginLayout() {
  const { t } = useTranslation();
  const theme = useAtomValue(themeAtom);
  const toggleCollapse = useSetAtom(toggleSideNavAtom);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const type: LayoutType = theme.layout.type;
  const collapsed = theme.layout.sideNavCollapse;
  const openDrawer = () => setDrawerOpen(true);
  const page = <Outlet />;

  const skipLink = (
    <a href="#main" className="btn btn-sm btn-primary sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50">
      {t('nav.skipToContent')}
    </a>
  );
  const drawer = <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />;

  if (type === 'blank') {
    return (
      <div className="bg-base-100 min-h-screen" data-layout="blank">
        {skipLink}
        <div className="fixed end-4 bottom-4 z-40 rounded-full shadow">
          <ThemePanel />
        </div>
        <main id="main" tabIndex={-1} className="min-h-screen px-4 py-6 focus:outline-none sm:px-6 md:px-8">
          {page}
        </main>
      </div>
    );
  }

  if (type === 'topBarClassic') {
    // The top bar, then the navigation on a row of its own: it never has to squeeze beside the controls.
    return (
      <div className="bg-base-200 flex min-h-screen flex-col" data-layout="topBarClassic">
        {skipLink}
        <div className="bg-base-100 border-base-300 sticky top-0 z-20 border-b">
          <Header onMenu={openDrawer} menuClassName="lg:hidden" start={<Logo />} />
          <div className="border-base-300 hidden border-t px-4 sm:px-6 md:px-8 lg:block">
            <NavMenu orientation="horizontal" />
          </div>
        </div>
        <Main>{page}</Main>
        {drawer}
      </div>
    );
  }

  if (type === 'contentOverlay') {
    return (
      <div className="bg-base-200 flex min-h-screen flex-col" data-layout="contentOverlay">
        {skipLink}
        <Header className="bg-base-100 border-base-300 sticky top-0 z-20 border-b" onMenu={openDrawer} start={<Logo />} />
        <Main>{page}</Main>
        {drawer}
      </div>
    );
  }

  const onMenu = () => (isLargeScreen() && type === 'collapsibleSide' ? toggleCollapse() : openDrawer());
  const sideWidth = type === 'collapsibleSide' && collapsed ? 'lg:w-[80px]' : 'lg:w-[290px]';

  return (
    <div className={`flex min-h-screen ${type === 'framelessSide' ? 'bg-base-200' : 'bg-base-200'}`} data-layout={type}>
      {skipLink}
      {type === 'stackedSide' ? (
        <aside className="bg-base-100 border-base-300 sticky top-0 hidden h-screen shrink-0 border-e lg:flex" aria-label={t('nav.sidebar')}>
          <div className="border-base-300 flex w-[80px] flex-col items-center gap-4 border-e py-4">
            <Logo compact />
            <NavMenu orientation="vertical" compact label="nav.shortcuts" />
          </div>
          <div className="flex w-[270px] flex-col gap-4 p-4">
            <span className="px-3 pt-2 text-lg font-semibold">{t('app.title')}</span>
            <NavMenu orientation="vertical" />
          </div>
        </aside>
      ) : (
        <aside
          className={`sticky top-0 hidden h-screen shrink-0 flex-col gap-4 overflow-y-auto p-4 lg:flex ${sideWidth} ${type === 'framelessSide' ? '' : 'bg-base-100 border-base-300 border-e'}`}
          aria-label={t('nav.sidebar')}
          data-collapsed={type === 'collapsibleSide' && collapsed}
        >
          <div className="flex h-12 items-center px-2">
            <Logo compact={type === 'collapsibleSide' && collapsed} />
          </div>
          <NavMenu orientation="vertical" compact={type === 'collapsibleSide' && collapsed} />
        </aside>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header
          className={`sticky top-0 z-20 ${type === 'framelessSide' ? 'bg-base-200' : 'bg-base-100 border-base-300 border-b'}`}
          onMenu={onMenu}
          menuLabel={type === 'collapsibleSide' ? t('nav.toggleMenu') : t('nav.openMenu')}
        />
        <Main framed={type === 'framelessSide'}>{page}</Main>
      </div>
      {drawer}
    </div>
  );
}
